/**
 * JSON-RPC 2.0 envelopes: requests, notifications, responses, error objects and the one table of error codes.
 * Free-form JSON (params, results, data) is held as a <em>JSON tree</em>: {@code Map<String, Object>},
 * {@code List<Object>}, {@code String}, {@code Number}, {@code Boolean} or {@code null}.
 * Depends on nothing but the JDK.
 */
package dev.jmcp.protocol.jsonrpc;
