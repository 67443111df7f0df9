package dev.jmcp.client;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class McpClientBuilderTest {

    @Test
    void theNewestRevisionIsNegotiatedUnlessOneIsPinned() {
        var auto = McpClient.builder().options();
        assertThat(auto.protocolVersion()).isEqualTo(dev.jmcp.protocol.ProtocolVersion.V2026_07_28);
        assertThat(auto.discoverTimeout()).isEqualTo(McpClientBuilder.AUTO_DISCOVER_TIMEOUT);
        var pinned = McpClient.builder().protocolVersion(dev.jmcp.protocol.ProtocolVersion.V2025_06_18).options();
        assertThat(pinned.protocolVersion()).isEqualTo(dev.jmcp.protocol.ProtocolVersion.V2025_06_18);
        assertThat(McpClient.builder().protocolVersion(dev.jmcp.protocol.ProtocolVersion.V2025_06_18)
                .newestProtocolVersion().options().protocolVersion()).isEqualTo(dev.jmcp.protocol.ProtocolVersion.V2026_07_28);
    }

    @Test
    void timeoutsMustBePositive() {
        assertThatThrownBy(() -> McpClient.builder().requestTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("requestTimeout");
        assertThatThrownBy(() -> McpClient.builder().connectTimeout(Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("connectTimeout");
        assertThatThrownBy(() -> McpClient.builder().requestTimeout(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void theMaximumTimeoutMayNotBeShorterThanTheRequestTimeout() {
        var builder = McpClient.builder().requestTimeout(Duration.ofSeconds(10)).maxRequestTimeout(Duration.ofSeconds(5));
        assertThatThrownBy(builder::options).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxRequestTimeout");
        assertThat(McpClient.builder().requestTimeout(Duration.ofSeconds(3)).options().maxRequestTimeout())
                .isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void handlerCapabilitiesComeFromHandlersNotFromCapability() {
        assertThatThrownBy(() -> McpClient.builder().capability("sampling", Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("onSampling");
        var options = McpClient.builder().capability("experimental", Map.of("x", true)).onElicitation(r -> null).options();
        assertThat(options.capabilities()).containsOnlyKeys("experimental", "elicitation");
    }

    @Test
    void aServerCommandMustNameAProgram() {
        assertThatThrownBy(() -> McpClient.builder().stdio(List.of(), Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("program");
    }

    @Test
    void aServerUrlMustBeHttp() {
        assertThatThrownBy(() -> McpClient.builder().http(URI.create("ftp://127.0.0.1/mcp")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("http://");
    }

    @Test
    void tooSmallAMessageLimitIsRefused() {
        assertThatThrownBy(() -> McpClient.builder().maxMessageBytes(10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1024");
    }
}
