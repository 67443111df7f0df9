package dev.jmcp.cli.logging;

import dev.jmcp.server.process.ChildLogging;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Logging of a JAR plugin's child process when the jmcp command is on its class path (the distribution): as
 * {@code jmcp serve} over stdio has it — tinylog found as {@link LoggingServices} finds it, INFO and above on standard
 * error, no time of day (the parent stamps the lines of a child's standard error itself), no log file. Found by the
 * child through {@code META-INF/services}; public for that.
 */
public final class ChildProcessLogging implements ChildLogging {
    @Override
    public void configure() {
        LoggingServices.useDirectly();
        try {
            LogSetup.configure(false, null, LogSetup.FileFormat.TEXT, false);
        } catch (IOException e) {
            // Only a log folder can fail to be made, and there is none.
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void shutdown() {
        LogSetup.shutdown();
    }
}
