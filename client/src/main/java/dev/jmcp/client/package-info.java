/**
 * The jmcp client: {@link dev.jmcp.client.McpClient}, a blocking connection to one MCP server over stdio or
 * Streamable HTTP, built with {@link dev.jmcp.client.McpClientBuilder}. Results are the protocol records of
 * {@code dev.jmcp.protocol}; server notifications are {@link dev.jmcp.client.ServerNotification}s. Depends on the
 * protocol module and the JDK only; no Jackson type in any signature (the codec stays inside).
 */
package dev.jmcp.client;
