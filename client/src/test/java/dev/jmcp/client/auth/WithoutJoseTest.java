package dev.jmcp.client.auth;

import dev.jmcp.testkit.StubHttpServer;
import dev.jmcp.testkit.StubHttpServer.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

/**
 * The client as an embedder has it without {@code jmcp-client-jose}, which this module's tests never have on their
 * class path: what needs a signature or PEM fails at once naming the artifact to add, and an authorization server that
 * offers DPoP gives bearer tokens. (With the provider: client-jose's {@code OAuthWithJoseTest}.)
 */
@Timeout(30)
class WithoutJoseTest {

    @Test
    void noJoseProviderIsOnTheClientModulesOwnTestPath() {
        assertThat(Jose.installed()).as("the premise of the tests below").isEmpty();
    }

    @Test
    void readingAPemKeyNamesTheArtifactThatReadsIt() {
        String pem = "-----BEGIN PRIVATE KEY-----\nAA==\n-----END PRIVATE KEY-----\n";
        assertThatThrownBy(() -> OAuth.privateKeyFromPem(pem))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("reading a PEM private key").hasMessageContaining("dev.jmcp:jmcp-client-jose");
    }

    @Test
    void privateKeyJwtNamesTheArtifactThatSignsItWhenConfiguredNotAtTheFirstTokenRequest() throws Exception {
        var generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        var key = generator.generateKeyPair().getPrivate();
        assertThatThrownBy(() -> OAuth.clientCredentials("client-1", key))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("private_key_jwt").hasMessageContaining("dev.jmcp:jmcp-client-jose");
    }

    @Test
    void anAuthorizationServerOfferingDpopGivesThisClientABearerToken() throws Exception {
        try (var server = StubHttpServer.start()) {
            String base = server.uri().toString();
            URI resource = URI.create(base + "/mcp");
            server.respond("/.well-known/oauth-protected-resource/mcp", Response.json(200,
                    "{\"resource\":\"" + resource + "\",\"authorization_servers\":[\"" + base + "\"]}"));
            server.respond("/.well-known/oauth-authorization-server", Response.json(200, "{\"issuer\":\"" + base
                    + "\",\"token_endpoint\":\"" + base + "/token\","
                    + "\"dpop_signing_alg_values_supported\":[\"ES256\"]}"));
            server.respond("/token", Response.json(200,
                    "{\"access_token\":\"token-1\",\"token_type\":\"Bearer\",\"expires_in\":300}"));
            OAuth oauth = OAuth.clientCredentials("client-1", "secret-1").build();

            assertThat(oauth.challenged(resource, 401, "Bearer resource_metadata=\"" + base
                    + "/.well-known/oauth-protected-resource/mcp\"", null)).isTrue();

            var tokenRequests = server.requests().stream().filter(r -> r.path().equals("/token")).toList();
            assertThat(tokenRequests).singleElement().satisfies(r -> assertThat(r.header("DPoP")).isEmpty());
            assertThat(oauth.requestHeaders("POST", resource))
                    .containsExactly(entry("Authorization", "Bearer token-1"));
        }
    }
}
