/**
 * What keeps a JAR plugin's code from harming the process it shares with the server, where the JVM allows it.
 * {@link dev.jmcp.server.plugins.containment.ExitRewriter} rewrites each plugin class as it is loaded so that every
 * way to end the VM that bytecode can name ({@code System.exit}, {@code Runtime.exit}/{@code halt}, also through
 * reflection, method handles and method references) calls {@link dev.jmcp.server.plugins.containment.ExitGuard}
 * instead, which throws. The plugin class loader is the only user; the guard is the one server class a plugin can see.
 * Depends on the JDK only.
 */
package dev.jmcp.server.plugins.containment;
