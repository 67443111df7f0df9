package dev.jmcp.plugins.notification;

import dev.jmcp.plugin.ToolException;
import dev.jmcp.plugin.ToolHandler;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.Tool;
import dev.jmcp.testkit.RecordingContext;
import dev.jmcp.testkit.RecordingRegistrar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class NotificationPluginTest {

    @Test
    void sendsOneProgressNotificationPerTickThenAnswers() throws Exception {
        var context = RecordingContext.withProgressToken();

        CallToolResult result = tool("progress_test", "5").call(Map.of("seconds", 5), context);

        assertThat(context.progressNotifications()).extracting(RecordingContext.Progress::progress)
                .containsExactly(1.0, 2.0, 3.0, 4.0, 5.0);
        assertThat(context.progressNotifications()).allSatisfy(p -> assertThat(p.total()).isEqualTo(5.0));
        assertThat(context.progressNotifications().getFirst().message()).isEqualTo("Step 1 of 5");
        assertThat(text(result)).isEqualTo("Progress test finished after 5 seconds: sent 5 progress notifications.");
    }

    @Test
    void runsTenTicksByDefault() throws Exception {
        var context = RecordingContext.withProgressToken();

        tool("progress_test", "1").call(Map.of(), context);

        assertThat(context.progressNotifications()).extracting(RecordingContext.Progress::progress)
                .containsExactlyElementsOf(IntStream.rangeClosed(1, 10).mapToObj(i -> (double) i).toList());
    }

    @Test
    void withoutAProgressTokenSaysNoneWereSent() throws Exception {
        var context = RecordingContext.plain();

        CallToolResult result = tool("progress_test", "1").call(Map.of("seconds", 1), context);

        assertThat(context.progressNotifications()).isEmpty();
        assertThat(text(result)).isEqualTo("Progress test finished after 1 second; the request had no progress "
                + "token, so no progress notifications were sent.");
    }

    @Test
    void interruptionStopsTheProgressTestAtOnce() throws Exception {
        ToolHandler handler = tool("progress_test", "20");
        var context = RecordingContext.withProgressToken();
        var outcome = new ArrayBlockingQueue<Throwable>(1);
        Thread call = Thread.ofVirtual().start(() -> {
            try {
                handler.call(Map.of("seconds", 600), context);
                outcome.add(new AssertionError("the call returned"));
            } catch (Throwable t) {
                outcome.add(t);
            }
        });

        assertThat(context.awaitProgress(1, Duration.ofSeconds(10))).as("first progress notification").isTrue();
        call.interrupt();

        assertThat(outcome.poll(5, TimeUnit.SECONDS)).isInstanceOf(InterruptedException.class);
        assertThat(context.progressNotifications()).hasSizeLessThan(600);
    }

    @Test
    void secondsOutOfBoundsOrFractionalFailTheTool() {
        ToolHandler handler = tool("progress_test", "1");

        for (Object bad : List.of(0, 601, 2.5, "3")) {
            assertThatThrownBy(() -> handler.call(Map.of("seconds", bad), RecordingContext.withProgressToken()))
                    .isInstanceOf(ToolException.class)
                    .hasMessage("seconds must be a whole number from 1 to 600, was '" + bad + "'.");
        }
    }

    @Test
    void logsOnceAtEachLevelInOrder() throws Exception {
        var context = RecordingContext.plain();

        CallToolResult result = tool("logging_test", "1").call(Map.of(), context);

        assertThat(context.logMessages()).extracting(RecordingContext.Log::level)
                .containsExactly(LoggingLevel.values());
        assertThat(context.logMessages()).allSatisfy(log -> {
            assertThat(log.logger()).isEqualTo("notification");
            assertThat(log.data()).isEqualTo("logging_test: a " + log.level() + " message");
        });
        assertThat(text(result)).isEqualTo("Sent 8 log messages from logger 'notification', one at each level: "
                + "debug, info, notice, warning, error, critical, alert, emergency. The client receives those at or "
                + "above the level it set with logging/setLevel.");
    }

    @Test
    void declaresBothToolsWithBoundedSchemas() {
        var registrar = new RecordingRegistrar();
        new NotificationPlugin().register(registrar);

        Tool progress = registrar.tools().get("progress_test").declaration();
        assertThat(progress.inputSchema()).doesNotContainKey("required");
        assertThat(progress.inputSchema().get("properties")).isEqualTo(Map.of("seconds", Map.of(
                "type", "integer", "description", "How many seconds to run, with one progress notification per second.",
                "minimum", 1, "maximum", 600, "default", 10)));
        assertThat(progress.annotations().readOnlyHint()).isTrue();
        assertThat(registrar.tools().get("logging_test").declaration().title()).isEqualTo("Logging test");
    }

    @Test
    void nonPositiveIntervalFailsTheLoad() {
        assertThatThrownBy(() -> new NotificationPlugin().register(new RecordingRegistrar(Map.of("interval-ms", "0"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("configuration interval-ms must be positive, was 0");
    }

    private static ToolHandler tool(String name, String intervalMillis) {
        var registrar = new RecordingRegistrar(Map.of("interval-ms", intervalMillis));
        new NotificationPlugin().register(registrar);
        return registrar.tools().get(name).handler();
    }

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }
}
