/**
 * JSON Schema for tools: input and output schemas generated from Java types of annotated methods, and validation
 * of tool arguments (2020-12 and draft-07) before a handler runs. Depends on {@code plugin-api}, the registry types
 * and the schema libraries; knows nothing of sessions or transports.
 */
package dev.jmcp.server.schema;
