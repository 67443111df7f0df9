package dev.jmcp.plugins.notification;

import dev.jmcp.plugin.Plugin;
import dev.jmcp.plugin.Registrar;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.plugin.ToolException;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.ToolAnnotations;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The notification plugin. {@code progress_test} waits {@code seconds} ticks and reports progress after each (when
 * the request has a progress token); interrupting it (cancellation) stops it at once with
 * {@link InterruptedException}. {@code logging_test} sends one {@code notifications/message} at each of the eight
 * levels. Configuration: {@code interval-ms}, the length of one tick (default 1000; tests shorten it). Thread-safe.
 */
public final class NotificationPlugin implements Plugin {

    static final String LOGGER = "notification";
    static final int MAX_SECONDS = 600;
    private static final int DEFAULT_SECONDS = 10;

    private static final Map<String, Object> PROGRESS_SCHEMA = Map.of(
            "type", "object",
            "properties", Map.of("seconds", Map.of(
                    "type", "integer",
                    "description", "How many seconds to run, with one progress notification per second.",
                    "minimum", 1,
                    "maximum", MAX_SECONDS,
                    "default", DEFAULT_SECONDS)),
            "additionalProperties", false);

    private static final Map<String, Object> NO_ARGUMENTS = Map.of(
            "type", "object", "properties", Map.of(), "additionalProperties", false);

    private volatile Duration interval = Duration.ofSeconds(1);

    @Override
    public void register(Registrar registrar) {
        int intervalMillis = registrar.config().getInt("interval-ms", 1000);
        if (intervalMillis <= 0) {
            throw new IllegalArgumentException("configuration interval-ms must be positive, was " + intervalMillis);
        }
        interval = Duration.ofMillis(intervalMillis);
        var quiet = new ToolAnnotations(null, true, false, true, false);
        registrar.tool(new Tool("progress_test", "Progress test",
                "Runs for a number of seconds (default " + DEFAULT_SECONDS + ") and sends a progress notification "
                        + "every second when the request carries a progress token. Cancelling the request stops it.",
                PROGRESS_SCHEMA, null, quiet, null, null), this::progressTest);
        registrar.tool(new Tool("logging_test", "Logging test",
                "Sends one log message at each of the eight levels, debug to emergency; the client receives those "
                        + "at or above the level it set with logging/setLevel.",
                NO_ARGUMENTS, null, quiet, null, null), NotificationPlugin::loggingTest);
    }

    private CallToolResult progressTest(Map<String, Object> arguments, RequestContext context) throws InterruptedException {
        int seconds = seconds(arguments.get("seconds"));
        for (int i = 1; i <= seconds; i++) {
            Thread.sleep(interval);
            context.progress(i, (double) seconds, "Step " + i + " of " + seconds);
        }
        String ran = "Progress test finished after " + count(seconds, "second");
        return CallToolResult.text(context.hasProgressToken()
                ? ran + ": sent " + count(seconds, "progress notification") + "."
                : ran + "; the request had no progress token, so no progress notifications were sent.");
    }

    private static CallToolResult loggingTest(Map<String, Object> arguments, RequestContext context) {
        List<LoggingLevel> levels = Arrays.asList(LoggingLevel.values());
        for (LoggingLevel level : levels) {
            context.log(level, LOGGER, "logging_test: a " + level + " message");
        }
        return CallToolResult.text("Sent " + levels.size() + " log messages from logger '" + LOGGER
                + "', one at each level: " + levels.stream().map(LoggingLevel::toString).collect(Collectors.joining(", "))
                + ". The client receives those at or above the level it set with logging/setLevel.");
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private static int seconds(Object value) {
        if (value == null) return DEFAULT_SECONDS;
        if (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())
                && n.doubleValue() >= 1 && n.doubleValue() <= MAX_SECONDS) {
            return n.intValue();
        }
        throw new ToolException("seconds must be a whole number from 1 to " + MAX_SECONDS + ", was '" + value + "'.");
    }
}
