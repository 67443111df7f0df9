/**
 * The child processes jmcp starts for plugins: {@link dev.jmcp.server.child.ChildProcess} builds and starts every one
 * of them — a JAR plugin's child JVM (its main class, {@code process.JarHostMain}, named, not referenced), a native
 * library's host program, the child JVM that serves a library where that program was not built — on this process's
 * Java runtime and class path, with the JVM's own output kept off the protocol stream. (A mount's stdio server is the
 * user's own command, started by {@code jmcp-client}.) Depends on the JDK only, so the plugin kinds that use it
 * ({@code plugins}, {@code nativeabi}) stay apart.
 */
package dev.jmcp.server.child;
