package dev.jmcp.cli.client;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Reading the server a person names from the configuration files MCP applications write. */
class ServerConfigsTest {
    private static final Map<String, String> ENVIRONMENT = Map.of("HOME", "/home/ada", "TOKEN", "s3cret");

    @TempDir
    Path folder;

    private Path file(String json) throws IOException {
        Path file = folder.resolve("mcp.json");
        Files.writeString(file, json);
        return file;
    }

    private static ServerConfigs.Server read(Path file, String name) throws ServerConfigs.ConfigException {
        return ServerConfigs.read(file, name, ENVIRONMENT::get);
    }

    @Test
    void aClaudeDesktopEntryStartsItsCommandWithItsArgumentsAndEnvironment() throws Exception {
        Path file = file("""
                {"mcpServers": {
                  "jmcp": {"command": "/opt/jmcp/bin/jmcp", "args": ["serve", "-p", "${HOME}/.jmcp/plugins"],
                           "env": {"API_TOKEN": "${env:TOKEN}", "LEVEL": "${LEVEL:-info}"}},
                  "other": {"command": "node", "args": ["server.js"]}
                }}""");
        var server = read(file, "jmcp");
        assertThat(server.url()).isNull();
        assertThat(server.command()).containsExactly("/opt/jmcp/bin/jmcp", "serve", "-p", "/home/ada/.jmcp/plugins");
        assertThat(server.env()).containsExactly(Map.entry("API_TOKEN", "s3cret"), Map.entry("LEVEL", "info"));
    }

    @Test
    void aVsCodeEntryWithCommentsNamesAnHttpServerWithHeaders() throws Exception {
        Path file = file("""
                // VS Code's .vscode/mcp.json
                {"servers": {
                  "remote": {"type": "http", "url": "https://mcp.example.com/mcp",
                             "headers": {"Authorization": "Bearer ${env:TOKEN}"},},
                  "old": {"type": "sse", "url": "http://127.0.0.1:3000/sse"}
                }}""");
        var remote = read(file, "remote");
        assertThat(remote.url()).isEqualTo(URI.create("https://mcp.example.com/mcp"));
        assertThat(remote.transport()).isEqualTo("streamable-http");
        assertThat(remote.headers()).containsEntry("Authorization", "Bearer s3cret");
        assertThat(read(file, "old").transport()).isEqualTo("sse");
    }

    @Test
    void aFileWithOneServerNeedsNoName() throws Exception {
        Path file = file("{\"mcpServers\": {\"only\": {\"command\": \"jmcp\", \"args\": [\"serve\"]}}}");
        assertThat(read(file, null).command()).isEqualTo(List.of("jmcp", "serve"));
    }

    @Test
    void mistakesAreNamedWithTheWayOut() throws Exception {
        Path two = file("{\"mcpServers\": {\"a\": {\"command\": \"x\"}, \"b\": {\"url\": \"http://h/mcp\"}}}");
        assertThatThrownBy(() -> read(two, null)).hasMessageContaining("names 2 servers").hasMessageContaining("a, b");
        assertThatThrownBy(() -> read(two, "c")).hasMessageContaining("no server 'c'").hasMessageContaining("a, b");
        assertThatThrownBy(() -> read(folder.resolve("missing.json"), "a")).hasMessageContaining("no such file");
        assertThatThrownBy(() -> read(file("{\"mcpServers\": [1]}"), "a")).hasMessageContaining("\"mcpServers\"");
        assertThatThrownBy(() -> read(file("{\"mcpServers\": {"), "a")).hasMessageContaining("not valid JSON");
        assertThatThrownBy(() -> read(file("{\"servers\": {\"a\": {}}}"), "a"))
                .hasMessageContaining("neither \"command\"");
        assertThatThrownBy(() -> read(file("{\"servers\": {\"a\": {\"command\": \"x\", \"args\": [\"${NOPE}\"]}}}"), "a"))
                .hasMessageContaining("NOPE is not set");
        assertThatThrownBy(() -> read(file("{\"servers\": {\"a\": {\"url\": \"http://h/mcp\", \"headers\": "
                + "{\"K\": \"${input:key}\"}}}}"), "a")).hasMessageContaining("VS Code prompts for");
        assertThatThrownBy(() -> read(file("{\"servers\": {\"a\": {\"url\": \"http://h/mcp\", \"type\": \"ws\"}}}"), "a"))
                .hasMessageContaining("\"type\": \"ws\"");
    }
}
