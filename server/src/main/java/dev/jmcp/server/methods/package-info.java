/**
 * The method table, {@link dev.jmcp.server.methods.Methods}: every request and notification the server answers and the
 * extensions it declares, each with its handler from the feature packages ({@code tools}, {@code prompts},
 * {@code resources}, {@code completion}, {@code logging}, {@code tasks}, {@code skills}) and the protocol's own
 * methods. Depends on those, on {@code session} and on {@code stateless}; only what builds a server (the entry point, the native host)
 * depends on it.
 */
package dev.jmcp.server.methods;
