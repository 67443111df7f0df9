package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.Registrar;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.Tool;

import java.time.Duration;

/**
 * The tools that talk to the client while they run: log messages ({@code tools-call-with-logging}), progress
 * ({@code tools-call-with-progress}), a resource update for subscribers, and the mid-call disconnection of
 * {@code server-sse-polling}. The pauses between notifications are part of the fixture: the suite expects them spread
 * over the call, not in one burst. Stateless apart from the shared {@link WatchedResource}.
 */
final class NotifyingTools {
    static final Duration STEP = Duration.ofMillis(50);
    static final String LOGGER = "everything";
    static final String[] LOG_MESSAGES = {"Tool execution started", "Tool processing data", "Tool execution completed"};
    static final String RECONNECTION_TEXT = "Reconnection test completed successfully: the result arrived after the"
            + " server closed the response connection.";
    static final String NO_RECONNECTION_TEXT = "Reconnection test completed without a disconnection: this transport"
            + " has no response connection to close.";

    private NotifyingTools() {
    }

    static void register(Registrar registrar, WatchedResource watched) {
        registrar
                .tool(new Tool("test_tool_with_logging", "Sends three info log messages while it runs.",
                        Tool.NO_ARGUMENTS), (arguments, context) -> {
                    for (int i = 0; i < LOG_MESSAGES.length; i++) {
                        if (i > 0) Thread.sleep(STEP);
                        context.log(LoggingLevel.INFO, LOGGER, LOG_MESSAGES[i]);
                    }
                    return CallToolResult.text("Logging test completed: sent " + LOG_MESSAGES.length + " messages.");
                })
                .tool(new Tool("test_tool_with_progress", "Reports progress 0, 50 and 100 of 100 while it runs.",
                        Tool.NO_ARGUMENTS), (arguments, context) -> {
                    double total = 100;
                    for (int step = 0; step <= 2; step++) {
                        if (step > 0) Thread.sleep(STEP);
                        context.progress(step * 50, total, "step " + (step + 1) + " of 3");
                    }
                    return CallToolResult.text("Progress test completed"
                            + (context.hasProgressToken() ? "." : " (the request had no progress token)."));
                })
                .tool(new Tool("test_watched_resource_update",
                        "Changes test://watched-resource and notifies its subscribers.", Tool.NO_ARGUMENTS),
                        (arguments, context) -> CallToolResult.text(watched.change(context)))
                .tool(new Tool("test_reconnection", "Closes the connection of its response stream mid-call, so the"
                        + " client resumes the stream to get the result (SSE polling).", Tool.NO_ARGUMENTS),
                        (arguments, context) -> {
                            boolean closed = context.closeResponseConnection();
                            // Give the client time to see the disconnection and come back before the result exists.
                            if (closed) Thread.sleep(Duration.ofMillis(100));
                            return CallToolResult.text(closed ? RECONNECTION_TEXT : NO_RECONNECTION_TEXT);
                        });
    }
}
