package dev.jmcp.plugins.sleep;

import dev.jmcp.plugin.ToolException;
import dev.jmcp.plugin.ToolHandler;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.Tool;
import dev.jmcp.testkit.RecordingContext;
import dev.jmcp.testkit.RecordingRegistrar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class SleepPluginTest {

    @Test
    void sleepsAtLeastTheGivenTimeThenSaysSo() throws Exception {
        long start = System.nanoTime();

        CallToolResult result = handler(Map.of()).call(Map.of("milliseconds", 50), RecordingContext.plain());

        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isGreaterThanOrEqualTo(50);
        assertThat(((TextContent) result.content().getFirst()).text()).isEqualTo("Slept 50 ms.");
    }

    @Test
    void zeroAndTheConfiguredMaximumAreAccepted() throws Exception {
        ToolHandler handler = handler(Map.of("max-milliseconds", "20"));

        assertThat(handler.call(Map.of("milliseconds", 0), RecordingContext.plain()).failed()).isFalse();
        assertThat(handler.call(Map.of("milliseconds", 20.0), RecordingContext.plain()).failed()).isFalse();
    }

    @Test
    void valuesOutsideTheBoundsFailTheTool() {
        ToolHandler handler = handler(Map.of("max-milliseconds", "1000"));

        for (Object bad : List.of(-1, 1001, 2.5, "100")) {
            assertThatThrownBy(() -> handler.call(Map.of("milliseconds", bad), RecordingContext.plain()))
                    .isInstanceOf(ToolException.class)
                    .hasMessage("milliseconds must be a whole number from 0 to 1000, was '" + bad + "'.");
        }
        assertThatThrownBy(() -> handler.call(new HashMap<>(), RecordingContext.plain()))
                .isInstanceOf(ToolException.class)
                .hasMessage("milliseconds must be a whole number from 0 to 1000, was missing.");
    }

    @Test
    void defaultMaximumIsAMinute() {
        assertThatThrownBy(() -> handler(Map.of()).call(Map.of("milliseconds", 60_001), RecordingContext.plain()))
                .isInstanceOf(ToolException.class)
                .hasMessageContaining("from 0 to 60000");
    }

    @Test
    void interruptionEndsTheSleepAtOnce() throws Exception {
        ToolHandler handler = handler(Map.of());
        var outcome = new ArrayBlockingQueue<Throwable>(1);
        Thread call = Thread.ofVirtual().start(() -> {
            try {
                handler.call(Map.of("milliseconds", 60_000), RecordingContext.plain());
                outcome.add(new AssertionError("the call returned"));
            } catch (Throwable t) {
                outcome.add(t);
            }
        });

        call.interrupt();

        assertThat(outcome.poll(5, TimeUnit.SECONDS)).isInstanceOf(InterruptedException.class);
    }

    @Test
    void schemaCarriesTheConfiguredBoundsAndTheToolIsReadOnly() {
        var registrar = new RecordingRegistrar(Map.of("max-milliseconds", "5000"));
        new SleepPlugin().register(registrar);

        Tool tool = registrar.tools().get("sleep").declaration();
        assertThat(tool.inputSchema()).containsEntry("required", List.of("milliseconds"));
        assertThat(tool.inputSchema().get("properties")).isEqualTo(Map.of("milliseconds", Map.of(
                "type", "integer", "description", "How long to wait, in milliseconds.", "minimum", 0, "maximum", 5000)));
        assertThat(tool.annotations().readOnlyHint()).isTrue();
        assertThat(tool.annotations().destructiveHint()).isFalse();
    }

    @Test
    void negativeMaximumFailsTheLoad() {
        assertThatThrownBy(() -> new SleepPlugin().register(new RecordingRegistrar(Map.of("max-milliseconds", "-1"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("configuration max-milliseconds must not be negative, was -1");
    }

    private static ToolHandler handler(Map<String, String> config) {
        var registrar = new RecordingRegistrar(config);
        new SleepPlugin().register(registrar);
        return registrar.tools().get("sleep").handler();
    }
}
