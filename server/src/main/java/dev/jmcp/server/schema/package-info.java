/**
 * JSON Schema for tools. {@link dev.jmcp.server.schema.JsonSchemas} checks declared schemas and compiles them into
 * validators of arguments and structured content (2020-12 by default, draft-07 when declared; no schema is ever
 * fetched from anywhere). {@link dev.jmcp.server.schema.AnnotatedMethods} turns a plugin's annotated methods into
 * ordinary declarations, with input and output schemas generated from their Java types.
 *
 * <p>Generated schemas, in short: parameters are required when primitive, optional when {@code Optional<T>}, else as
 * {@code @Arg(required)} says (true by default); record components follow the same rule ({@code @Arg} on a component
 * applies), fields of other classes are never required; enums are strings of their constant names. {@code Optional}
 * is understood only as a parameter type, not inside records (use a nullable component with
 * {@code @Arg(required = false)}). A return value that is not a JSON object is given as {@code {"result": value}}.
 *
 * <p>Plugins are replaced while the server runs, so nothing here keeps a plugin's classes in static state: the
 * generator and the mapper that see them belong to one declaration (one plugin load) and every validator has a mapper
 * of its own (see {@link dev.jmcp.server.schema.Mappers}); static state holds JSON trees and meta-schemas only.
 *
 * <p>Depends on {@code plugin-api}, the registry types and the schema libraries; knows nothing of sessions or
 * transports.
 */
package dev.jmcp.server.schema;
