package dev.jmcp.server.nativeabi;

import dev.jmcp.testkit.McpProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;

/** The child host over real stdio: a real subprocess started with {@link NativeHost#command}, driven as a client. */
@Timeout(60)
class NativeHostTest {
    private static McpProcess start(String library, NativeOptions options) throws Exception {
        Path file = SampleLibraries.path(library);
        return McpProcess.start(NativeHost.command(file, options), Map.of(), file.getParent());
    }

    @Test
    @SuppressWarnings("unchecked")
    void childServesTheLibraryOverStdioWithProgress() throws Exception {
        try (McpProcess child = start("sample-tools", NativeOptions.DEFAULTS)) {
            var init = child.initialize("2025-11-25", Map.of());
            var serverInfo = (Map<String, Object>) ((Map<String, Object>) init.get("result")).get("serverInfo");
            assertThat(serverInfo).containsEntry("name", "jmcp-sample-tools");
            var tools = (List<Map<String, Object>>) child.call("tools/list", Map.of()).get("tools");
            assertThat(tools).extracting(t -> t.get("name")).containsExactlyInAnyOrder("echo", "count", "log");

            var result = child.call("tools/call", Map.of("name", "count", "arguments", Map.of("steps", 3),
                    "_meta", Map.of("progressToken", 42)));
            assertThat(result).containsEntry("isError", false);
            // The client's numeric token comes back as it sent it, though the library only ever saw a string.
            var progress = child.notifications().stream()
                    .filter(n -> "notifications/progress".equals(n.get("method"))).toList();
            assertThat(progress).hasSize(3);
            assertThat((Map<String, Object>) progress.getLast().get("params")).containsEntry("progressToken", 42)
                    .containsEntry("progress", 3.0).containsEntry("total", 3.0);

            child.call("logging/setLevel", Map.of("level", "info"));
            child.call("tools/call", Map.of("name", "log", "arguments", Map.of("text", "hello from C")));
            var log = child.awaitNotification("notifications/message");
            assertThat((Map<String, Object>) log.get("params")).containsEntry("level", "notice")
                    .containsEntry("data", "hello from C");
            assertThat(child.nonProtocolLines()).isEmpty();
            assertThat(child.closeInputAndWait(Duration.ofSeconds(10))).isZero();
        }
    }

    @Test
    void aLibraryPrintingToStandardOutputCannotReachTheClient() throws Exception {
        try (McpProcess child = start("test-rough", NativeOptions.DEFAULTS)) {
            child.initialize("2025-11-25", Map.of());
            for (int i = 0; i < 3; i++) {
                var result = child.call("tools/call", Map.of("name", "print", "arguments", Map.of()));
                assertThat(result).containsEntry("isError", false);
            }
            // The C library's printf went to descriptor 1, which the child moved off the protocol to standard error.
            assertThat(child.nonProtocolLines()).isEmpty();
            assertThat(child.closeInputAndWait(Duration.ofSeconds(10))).isZero();
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void argumentsAreValidatedBeforeNativeCodeSeesThem() throws Exception {
        try (McpProcess child = start("sample-tools", NativeOptions.DEFAULTS)) {
            child.initialize("2025-11-25", Map.of());
            // A string where the schema says integer: the original sample libraries aborted on exactly this.
            var result = child.call("tools/call", Map.of("name", "count", "arguments", Map.of("steps", "3")));
            assertThat(result).containsEntry("isError", true);
            var content = (List<Map<String, Object>>) result.get("content");
            assertThat((String) content.getFirst().get("text"))
                    .isEqualTo("Invalid arguments for tool 'count': argument 'steps' must be an integer, got a string");
            assertThat(child.isAlive()).isTrue();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"abort", "segfault", "throw"})
    void aCrashEndsTheChildOnlyAndANewChildServesAgain(String how) throws Exception {
        try (McpProcess child = start("test-faulty", NativeOptions.DEFAULTS)) {
            child.initialize("2025-11-25", Map.of());
            var pending = child.sendRequest(child.nextId(), "tools/call",
                    Map.of("name", "crash", "arguments", Map.of("how", how)));
            var handle = ProcessHandle.of(child.pid());
            if (handle.isPresent()) handle.get().onExit().get(20, TimeUnit.SECONDS);
            assertThat(child.isAlive()).isFalse();
            assertThat(pending).isNotCompleted();
        }
        // This test's JVM, which started the child, is unharmed; a new child serves again.
        try (McpProcess next = start("test-faulty", NativeOptions.DEFAULTS)) {
            next.initialize("2025-11-25", Map.of());
            assertThat(next.call("tools/call", Map.of("name", "fail", "arguments", Map.of()))).containsEntry("isError", true);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void aHungCallPastTheChildsTimeoutIsAToolErrorAndTheChildStaysUp() throws Exception {
        try (McpProcess child = start("test-faulty", new NativeOptions(false, Duration.ofMillis(300)))) {
            child.initialize("2025-11-25", Map.of());
            var result = child.call("tools/call", Map.of("name", "hang", "arguments", Map.of("ms", 3000)));
            assertThat(result).containsEntry("isError", true);
            var content = (List<Map<String, Object>>) result.get("content");
            assertThat((String) content.getFirst().get("text")).contains("did not answer within PT0.3S");
            assertThat(child.call("ping", Map.of())).isEmpty();
            assertThat(child.isAlive()).isTrue();
        }
    }

    @Test
    void aLibraryThatIsNotAPluginEndsTheChildWithTheReason() throws Exception {
        try (McpProcess child = start("test-broken-initialize", NativeOptions.DEFAULTS)) {
            assertThat(child.closeInputAndWait(Duration.ofSeconds(20))).isEqualTo(2);
            // stderr is read by a thread of its own: give it a bounded moment to catch up with the exit.
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (!child.stderr().contains("Initialize() returned 0") && System.nanoTime() < deadline) {
                LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
            }
            assertThat(child.stderr()).contains("Initialize() returned 0");
        }
    }
}
