/**
 * The MCP types of every revision as immutable records, and {@link dev.jmcp.protocol.ProtocolVersion}, the table of
 * revisions. Free-form JSON (schemas, arguments, structured content, {@code _meta}) is a JSON tree of
 * {@code Map}/{@code List}/scalars. Depends on nothing but the JDK; the JSON mapping lives in
 * {@code dev.jmcp.protocol.json}.
 */
package dev.jmcp.protocol;
