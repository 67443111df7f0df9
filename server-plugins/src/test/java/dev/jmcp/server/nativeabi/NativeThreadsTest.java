package dev.jmcp.server.nativeabi;

import dev.jmcp.plugin.ToolException;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.server.registry.ToolEntry;
import dev.jmcp.testkit.RecordingContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The platform threads native calls run on, in this process, with the real faulty sample library: kept for the next
 * call, one for a library that is not re-entrant (even across a call that hung past its timeout), and never a reason
 * for a hung call to hold up another call of a re-entrant library.
 */
@Timeout(30)
class NativeThreadsTest {
    private final List<NativePlugin> loaded = new ArrayList<>();

    @AfterEach
    void retire() throws InterruptedException {
        for (NativePlugin plugin : loaded) {
            plugin.retire();
            assertThat(plugin.awaitClosed(Duration.ofSeconds(10))).as("closed " + plugin.name()).isTrue();
        }
    }

    private NativePlugin load(NativeOptions options) throws NativeLoadException {
        NativePlugin plugin = NativePlugin.load(SampleLibraries.path("test-faulty"), options);
        loaded.add(plugin);
        return plugin;
    }

    private static ToolEntry tool(NativePlugin plugin, String name) {
        return plugin.contribution().tools().stream().filter(t -> t.tool().name().equals(name)).findFirst().orElseThrow();
    }

    private static CallToolResult call(NativePlugin plugin, String tool, Map<String, Object> arguments) throws Exception {
        return tool(plugin, tool).handler().call(arguments, RecordingContext.plain());
    }

    @Test
    void everyCallOfALibraryNotDeclaredReentrantRunsOnItsOnePlatformThread() throws Exception {
        NativePlugin plugin = load(new NativeOptions(false, Duration.ofSeconds(10)));
        for (int i = 0; i < 50; i++) assertThat(call(plugin, "fail", Map.of()).isError()).isTrue();
        // Callers at once: each waits for the library, none gets a thread of its own.
        try (var callers = Executors.newVirtualThreadPerTaskExecutor()) {
            var calls = new ArrayList<Future<CallToolResult>>();
            for (int i = 0; i < 8; i++) {
                Callable<CallToolResult> overlap = () -> call(plugin, "overlap", Map.of("ms", 5));
                calls.add(callers.submit(overlap));
            }
            for (var each : calls) assertThat(each.get(10, TimeUnit.SECONDS).isError()).isFalse();
        }
        assertThat(plugin.nativeThreadsStarted()).isEqualTo(1);
    }

    @Test
    void aHungCallTimesOutAndTheNextCallRunsOnTheSameThreadOnceTheNativeCallReturns() throws Exception {
        NativePlugin plugin = load(new NativeOptions(false, Duration.ofMillis(300)));
        long start = System.nanoTime();
        assertThatThrownBy(() -> call(plugin, "hang", Map.of("ms", 1200)))
                .isInstanceOf(ToolException.class).hasMessageContaining("did not answer within PT0.3S");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(1100));
        assertThat(plugin.nativeCallRunning()).as("the hung call runs on").isTrue();

        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        CallToolResult answer = null;
        while (answer == null && System.nanoTime() < deadline) {
            try {
                answer = call(plugin, "fail", Map.of());
            } catch (ToolException stillHeld) {
                // the hung call holds the library until it returns; each attempt is bounded by the timeout
            }
        }
        assertThat(answer).as("answered once the hung call returned").isNotNull();
        assertThat(answer.isError()).isTrue();
        assertThat(plugin.nativeThreadsStarted()).isEqualTo(1);
    }

    @Test
    void aHungCallOfAReentrantLibraryHoldsUpNoOtherCall() throws Exception {
        NativePlugin plugin = load(new NativeOptions(true, Duration.ofMillis(300)));
        assertThat(call(plugin, "fail", Map.of()).isError()).isTrue();
        assertThat(plugin.nativeThreadsStarted()).isEqualTo(1);

        assertThatThrownBy(() -> call(plugin, "hang", Map.of("ms", 3000)))
                .isInstanceOf(ToolException.class).hasMessageContaining("did not answer within PT0.3S");
        // The hung call keeps its thread; the next call runs on another, long before the hang ends.
        long start = System.nanoTime();
        assertThat(call(plugin, "fail", Map.of()).isError()).isTrue();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(1500));
        assertThat(plugin.nativeCallRunning()).as("the hung call runs on").isTrue();
        // Two at least; a third when a call came just before the last one's thread was back waiting for work.
        assertThat(plugin.nativeThreadsStarted()).isBetween(2, 3);
        // Retiring waits for the hung call to return before the library is closed (@AfterEach).
    }
}
