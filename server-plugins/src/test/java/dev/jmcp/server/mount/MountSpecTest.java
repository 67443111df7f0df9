package dev.jmcp.server.mount;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The {@code .mcp.json} file: the host's entry shape, the one-entry {@code mcpServers} wrapper, jmcp's keys, errors. */
@Timeout(10)
class MountSpecTest {
    private static final Path FOLDER = Path.of("/plugins");

    @Test
    void aStdioEntryInTheHostsShapeIsRead() {
        MountSpec spec = MountSpec.parse("fs", """
                {"command": "npx", "args": ["-y", "server"], "env": {"A": "1"}, "cwd": "work", "prefix": "fs_",
                 "timeout": 2.5, "restartOnTimeout": true}""", FOLDER);
        assertThat(spec.command()).containsExactly("npx", "-y", "server");
        assertThat(spec.env()).isEqualTo(Map.of("A", "1"));
        assertThat(spec.cwd()).isEqualTo(FOLDER.resolve("work"));
        assertThat(spec.prefix()).isEqualTo("fs_");
        assertThat(spec.callTimeout()).isEqualTo(Duration.ofMillis(2500));
        assertThat(spec.restartOnTimeout()).isTrue();
        assertThat(spec.url()).isNull();
    }

    @Test
    void anHttpEntryInsideAHostsMcpServersWrapperIsRead() {
        MountSpec spec = MountSpec.parse("remote", """
                {"mcpServers": {"remote": {"type": "http", "url": "https://example.com/mcp",
                 "headers": {"Authorization": "Bearer t"}}}}""", FOLDER);
        assertThat(spec.url()).isEqualTo(URI.create("https://example.com/mcp"));
        assertThat(spec.headers()).containsEntry("Authorization", "Bearer t");
        assertThat(spec.command()).isNull();
        assertThat(spec.callTimeout()).isEqualTo(MountSpec.DEFAULT_CALL_TIMEOUT);
    }

    @Test
    void mistakesAreRefusedWithAReasonAPersonCanActOn() {
        for (var bad : List.of(
                List.of("{}", "either \"command\""),
                List.of("{\"command\": \"a\", \"url\": \"http://h/\"}", "not both"),
                List.of("{\"url\": \"ftp://h/\"}", "http:// or https://"),
                List.of("{\"command\": \"a\", \"tmeout\": 3}", "unknown key \"tmeout\""),
                List.of("{\"command\": \"a\", \"timeout\": -1}", "\"timeout\""),
                List.of("{\"mcpServers\": {\"a\": {\"command\": \"a\"}, \"b\": {\"command\": \"b\"}}}", "exactly one"),
                List.of("[1]", "JSON object"),
                List.of("{", "not valid JSON"))) {
            assertThatThrownBy(() -> MountSpec.parse("x", bad.get(0), FOLDER))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(bad.get(1));
        }
    }

    @Test
    void jmcpsKeysBesideTheWrapperAreHonouredAndOthersRefused() {
        MountSpec spec = MountSpec.parse("gh", """
                {"mcpServers": {"github": {"command": "npx", "prefix": "gh_"}}, "prefix": "gh_", "timeout": 7,
                 "lazy": true, "resourcePrefix": "gh+"}""", FOLDER);
        assertThat(spec.prefix()).isEqualTo("gh_");
        assertThat(spec.callTimeout()).isEqualTo(Duration.ofSeconds(7));
        assertThat(spec.lazy()).isTrue();
        assertThat(spec.resourcePrefix()).isEqualTo("gh+");
        assertThat(spec.servedUri("file:///a")).isEqualTo("gh+file:///a");
        assertThat(spec.serverUri("gh+file:///a")).isEqualTo("file:///a");
        for (var bad : List.of(
                List.of("{\"mcpServers\": {\"a\": {\"command\": \"a\"}}, \"prefx\": \"p\"}",
                        "unknown key \"prefx\" beside \"mcpServers\""),
                List.of("{\"mcpServers\": {\"a\": {\"command\": \"a\"}}, \"args\": [\"x\"]}",
                        "\"args\" is beside \"mcpServers\"; it belongs inside"),
                List.of("{\"mcpServers\": {\"a\": {\"command\": \"a\", \"prefix\": \"x_\"}}, \"prefix\": \"y_\"}",
                        "with different values"))) {
            assertThatThrownBy(() -> MountSpec.parse("x", bad.get(0), FOLDER))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(bad.get(1));
        }
    }

    @Test
    void theTransportTypeIsHonouredOrRefused() {
        assertThat(MountSpec.parse("s", "{\"type\": \"sse\", \"url\": \"http://h/sse\"}", FOLDER).legacySse())
                .isTrue();
        assertThat(MountSpec.parse("s", "{\"type\": \"http\", \"url\": \"http://h/mcp\"}", FOLDER).legacySse())
                .isFalse();
        for (var bad : List.of(
                List.of("{\"type\": \"websocket\", \"url\": \"http://h/\"}", "\"type\" must be"),
                List.of("{\"type\": \"stdio\", \"url\": \"http://h/\"}", "needs \"command\""),
                List.of("{\"type\": \"sse\", \"command\": \"a\"}", "needs \"url\""),
                List.of("{\"command\": \"a\", \"resourcePrefix\": \"a/\"}", "\"resourcePrefix\" must"),
                List.of("{\"command\": \"a\", \"lazy\": \"yes\"}", "\"lazy\" must be true or false"),
                List.of("{\"command\": \"a\", \"description\": 3}", "\"description\" must be a string"))) {
            assertThatThrownBy(() -> MountSpec.parse("x", bad.get(0), FOLDER))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(bad.get(1));
        }
    }
}
