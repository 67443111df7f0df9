/**
 * Logging set-up of the {@code jmcp} process: SLF4J over tinylog, configured in code before the first logger exists,
 * writing everything to standard error (never standard output, the protocol channel of stdio mode) and, when asked,
 * to a new file per run. {@code System.Logger}, the only logging API plugins get, reaches the same writers through
 * {@code slf4j-jdk-platform-logging}. A JAR plugin's child process is set up the same way through the server's
 * {@code ChildLogging} service ({@link dev.jmcp.cli.logging.ChildProcessLogging}), the one thing here that knows the
 * server.
 */
package dev.jmcp.cli.logging;
