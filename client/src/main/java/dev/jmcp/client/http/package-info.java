/**
 * The Streamable HTTP transport over the JDK's {@code java.net.http} client, and the Server-Sent Events reader it
 * uses. Depends on {@code dev.jmcp.client.transport} and the protocol module only; no HTTP library.
 */
package dev.jmcp.client.http;
