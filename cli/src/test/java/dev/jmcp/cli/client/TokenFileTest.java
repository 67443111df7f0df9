package dev.jmcp.cli.client;

import dev.jmcp.client.auth.Tokens;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class TokenFileTest {
    @TempDir
    Path home;

    @Test
    void tokensSurviveANewProcessInAFileOnlyTheUserCanRead() throws Exception {
        Path file = home.resolve("jmcp").resolve("tokens.json");
        var expires = Instant.ofEpochSecond(2_000_000_000L);
        new TokenFile(file).save("https://example.com/mcp", new Tokens("at-1", "rt-1", expires, "read", "https://as"));

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        Tokens read = new TokenFile(file).load("https://example.com/mcp");
        assertThat(read).isEqualTo(new Tokens("at-1", "rt-1", expires, "read", "https://as"));
        assertThat(new TokenFile(file).load("https://other.example/mcp")).isNull();
    }

    @Test
    void clearingForgetsOneServerAndKeepsTheOthers() {
        Path file = home.resolve("tokens.json");
        var tokens = new TokenFile(file);
        tokens.save("https://a/mcp", new Tokens("a", null, null, null, null));
        tokens.save("https://b/mcp", new Tokens("b", null, null, null, null));
        tokens.clear("https://a/mcp");
        assertThat(tokens.load("https://a/mcp")).isNull();
        assertThat(tokens.load("https://b/mcp").accessToken()).isEqualTo("b");
    }
}
