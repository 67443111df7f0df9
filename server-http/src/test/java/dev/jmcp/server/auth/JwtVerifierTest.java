package dev.jmcp.server.auth;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** Refusals of tokens that never reach a signature check, worded for the person reading them. */
@Timeout(30)
class JwtVerifierTest {
    private static final URI ISSUER = URI.create("http://127.0.0.1:9/issuer");

    private static String part(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void anUnsignedTokenIsRefusedInOurOwnWords() throws Exception {
        var verifier = new JwtVerifier(ISSUER, URI.create("http://127.0.0.1:9/jwks"), List.of("http://x/mcp"),
                Duration.ofSeconds(1));
        String unsigned = part("{\"alg\":\"none\"}") + "." + part("{\"sub\":\"mallory\",\"iss\":\"" + ISSUER
                + "\",\"aud\":\"http://x/mcp\",\"exp\":9999999999}") + ".";

        var refused = catchThrowableOfType(InvalidTokenException.class, () -> verifier.verify(unsigned));

        assertThat(refused.getMessage()).contains("not signed").contains("none")
                .doesNotContain("extend class").doesNotContainIgnoringCase("plain");
    }
}
