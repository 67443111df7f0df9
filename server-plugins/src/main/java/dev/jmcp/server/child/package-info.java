/**
 * The child JVMs jmcp runs plugins in: {@link dev.jmcp.server.child.ChildJvm} composes the command line of each — a
 * JAR plugin's child (its main class, {@code process.JarHostMain}, named, not referenced), the child JVM that serves a
 * native library where the native host program was not built — on this process's Java runtime and class path, with
 * the JVM's own output kept off the protocol stream. Every child process, these, a native host program and a mount's
 * own command alike, is started by the client's {@code stdio.ChildProcessLauncher}. Depends on the JDK only, so the
 * plugin kinds that use it ({@code plugins}, {@code nativeabi}) stay apart.
 */
package dev.jmcp.server.child;
