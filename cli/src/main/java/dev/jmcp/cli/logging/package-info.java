/**
 * Logging set-up of the {@code jmcp} process: SLF4J over tinylog, configured in code before the first logger exists,
 * writing everything to standard error (never standard output, the protocol channel of stdio mode) and, when asked,
 * to a new file per run. {@code System.Logger}, the only logging API plugins get, reaches the same writers through
 * {@code slf4j-jdk-platform-logging}. Depends on nothing of the server.
 */
package dev.jmcp.cli.logging;
