package dev.jmcp.dist;

import dev.jmcp.testkit.McpProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Stopping a stdio server with SIGTERM, as a host does when it quits: {@code --grace-period} is honoured as over HTTP,
 * and every call in flight gets its one answer, its result when it finishes within the grace period, otherwise an
 * error that says the server stopped.
 */
@Timeout(120)
class StdioShutdownIT {
    @TempDir
    Path work;

    @Test
    void sigtermHonoursTheGracePeriodAndAnswersEveryCallInFlight() throws Exception {
        try (McpProcess server = Distribution.serve(Distribution.bundledPlugins(), Map.of(), work,
                "--grace-period", "8s")) {
            server.initialize("2025-11-25", Map.of());
            var finishing = new ArrayList<CompletableFuture<Map<String, Object>>>();
            var endless = new ArrayList<CompletableFuture<Map<String, Object>>>();
            for (int i = 0; i < 3; i++) finishing.add(sleep(server, 5_000));
            for (int i = 0; i < 2; i++) endless.add(sleep(server, 60_000));
            // Answered after the calls before it were read and started, each on its own thread.
            server.call("ping", Map.of());

            long signalled = System.nanoTime();
            ProcessHandle.of(server.pid()).orElseThrow().destroy();   // SIGTERM

            for (var call : finishing) {
                Map<String, Object> answer = call.get(30, TimeUnit.SECONDS);
                assertThat(answer).as(server.stderr()).containsKey("result");
                assertThat(answer.toString()).doesNotContain("isError=true");
            }
            for (var call : endless) {
                Map<String, Object> answer = call.get(30, TimeUnit.SECONDS);
                assertThat(answer).as(server.stderr()).containsKey("error");
                assertThat(answer.get("error").toString()).contains("server stopped");
            }
            ProcessHandle handle = ProcessHandle.of(server.pid()).orElse(null);
            if (handle != null) handle.onExit().get(20, TimeUnit.SECONDS);
            assertThat(server.isAlive()).as("exited after the grace period").isFalse();
            Duration took = Duration.ofNanos(System.nanoTime() - signalled);
            assertThat(took).isGreaterThan(Duration.ofSeconds(7)).isLessThan(Duration.ofSeconds(20));
            assertThat(server.stderr()).contains("grace period are cut off");
        }
    }

    private static CompletableFuture<Map<String, Object>> sleep(McpProcess server, int milliseconds) throws Exception {
        return server.sendRequest(server.nextId(), "tools/call",
                Map.of("name", "sleep", "arguments", Map.of("milliseconds", milliseconds)));
    }
}
