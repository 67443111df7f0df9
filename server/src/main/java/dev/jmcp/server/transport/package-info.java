/**
 * A transport of one's own: what it implements ({@link dev.jmcp.server.transport.Connection}, where the server writes
 * messages) and what it drives ({@link dev.jmcp.server.transport.Session}, which it hands the messages it reads). The
 * server's stdio and HTTP transports, the console and the plugin test kit's in-memory pipe are such transports.
 * Depends on the protocol only.
 */
package dev.jmcp.server.transport;
