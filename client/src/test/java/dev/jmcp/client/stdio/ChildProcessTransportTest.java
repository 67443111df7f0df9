package dev.jmcp.client.stdio;

import dev.jmcp.client.McpClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Servers that misbehave on stdio, played by a shell: the client fails fast with a clear message, never hangs. */
@Timeout(20)
class ChildProcessTransportTest {

    @Test
    void aServerWritingGarbageToStdoutGetsAClearErrorNotAHang() {
        long start = System.nanoTime();
        assertThatThrownBy(() -> McpClient.builder().requestTimeout(Duration.ofSeconds(15))
                .stdio(List.of("sh", "-c", "read line; echo 'Server starting on port 8080'; sleep 30"), Map.of()))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("not a JSON-RPC message")
                .hasMessageContaining("'Server starting on port 8080'");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void aServerThatExitsIsReportedWithItsExitCodeAndItsStderrReachesTheSink() {
        var stderr = new CopyOnWriteArrayList<String>();
        assertThatThrownBy(() -> McpClient.builder().stderr(stderr::add)
                .stdio(List.of("sh", "-c", "echo 'no plugins folder' >&2; exit 3"), Map.of()))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("exited with code 3");
        assertThat(stderr).contains("no plugins folder");
    }

    @Test
    void aCommandThatDoesNotExistIsAnIOExceptionNamingIt() {
        assertThatThrownBy(() -> McpClient.stdio(List.of("/no/such/mcp-server"), Map.of()))
                .isInstanceOf(IOException.class).hasMessageContaining("/no/such/mcp-server");
    }

    @Test
    void theEnvironmentGivenReachesTheServer() {
        assertThatThrownBy(() -> McpClient.builder().stdio(List.of("sh", "-c", "read line; echo \"$GREETING\""),
                Map.of("GREETING", "hello-from-env")))
                .isInstanceOf(IOException.class).hasMessageContaining("hello-from-env");
    }
}
