package dev.jmcp.cli.serve;

import dev.jmcp.cli.logging.LogSetup;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.process.StdioProcess;
import dev.jmcp.server.stdio.StandardOutput;
import org.slf4j.Logger;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;

/**
 * {@code jmcp serve} over stdio: the server's own process pieces (the protocol moved off file descriptor 1 by
 * {@link StandardOutput}, the shutdown hook of {@link StdioProcess} that answers every call in flight), with what the command adds around them: the
 * call log and telemetry it was asked for, closed after the server, and logging, closed last. Called once per process,
 * from the main thread.
 */
final class StdioServing {
    private StdioServing() {
    }

    /**
     * Serves until standard input ends; returns the exit code (0, or 1 when serving failed, logged). On SIGTERM/SIGINT,
     * calls in flight get up to {@code grace} to finish, as over HTTP.
     */
    static int serve(ServerOptions options, boolean logCalls, boolean telemetry, Duration grace, Logger log,
                     SearchServing search) {
        OutputStream protocol;
        try {
            protocol = StandardOutput.takeStandardOutput(log);
        } catch (IOException e) {
            log.error("Cannot serve over stdio: {}", e.getMessage());
            return 1;
        }
        McpServer server = search.server(options);
        Observing observing = Observing.attach(server, logCalls, telemetry, "pipe");
        return StdioProcess.serve(server, protocol, grace, log, observing::close, LogSetup::shutdown);
    }
}
