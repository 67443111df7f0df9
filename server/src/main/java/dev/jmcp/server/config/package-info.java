/**
 * The server's settings, {@link dev.jmcp.server.config.ServerOptions}: read by every layer (the engine, the transports,
 * the native host), so it depends on nothing else in the server and every package may depend on it.
 */
package dev.jmcp.server.config;
