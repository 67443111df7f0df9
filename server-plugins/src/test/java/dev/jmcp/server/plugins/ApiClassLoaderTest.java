package dev.jmcp.server.plugins;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class ApiClassLoaderTest {
    private final ApiClassLoader loader = new ApiClassLoader(getClass().getClassLoader());

    @Test
    void pluginsSeeTheApiAndTheProtocolRecordsAsTheServerDefinesThem() throws Exception {
        assertThat(loader.loadClass("dev.jmcp.plugin.Plugin")).isSameAs(dev.jmcp.plugin.Plugin.class);
        assertThat(loader.loadClass("dev.jmcp.protocol.Tool")).isSameAs(dev.jmcp.protocol.Tool.class);
        assertThat(loader.loadClass("dev.jmcp.protocol.jsonrpc.JsonRpcException"))
                .isSameAs(dev.jmcp.protocol.jsonrpc.JsonRpcException.class);
    }

    @Test
    void pluginsDoNotSeeTheServersCodecNorItsLibraries() {
        assertThatThrownBy(() -> loader.loadClass("dev.jmcp.protocol.json.JsonCodec"))
                .isInstanceOf(ClassNotFoundException.class).hasMessageContaining("codec");
        assertThat(loader.getResource("dev/jmcp/protocol/json/JsonCodec.class")).isNull();
        assertThatThrownBy(() -> loader.loadClass("com.fasterxml.jackson.databind.ObjectMapper"))
                .isInstanceOf(ClassNotFoundException.class);
        assertThatThrownBy(() -> loader.loadClass("dev.jmcp.server.McpServer"))
                .isInstanceOf(ClassNotFoundException.class);
    }
}
