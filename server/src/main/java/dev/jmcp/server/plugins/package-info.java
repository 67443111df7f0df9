/**
 * Plugin loading: each JAR of the plugins folder in its own class loader that sees only {@code plugin-api},
 * {@code protocol} and the JDK; the folder watched, and a new registry snapshot built when a file settles. Knows
 * nothing of sessions or transports: it hands snapshots to whoever listens.
 */
package dev.jmcp.server.plugins;
