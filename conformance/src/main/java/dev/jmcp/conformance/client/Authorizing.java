package dev.jmcp.conformance.client;

import dev.jmcp.client.auth.OAuth;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/**
 * The authorization of the conformance client: the suite's authorization server approves at once, so the "browser"
 * is one GET of the authorization URL whose redirect (not followed) carries the code.
 */
final class Authorizing {
    private static final URI REDIRECT = URI.create("http://localhost:3000/callback");
    private static final String CLIENT_METADATA_URL = "https://conformance-test.local/client-metadata.json";

    private Authorizing() {
    }

    static OAuth oauth(String scenario, Map<String, Object> context) throws IOException {
        if (scenario.equals("auth/enterprise-managed-authorization")) {
            String idToken = (String) context.get("idp_id_token");
            return OAuth.enterprise((String) context.get("client_id"), (String) context.get("client_secret"),
                    URI.create((String) context.get("idp_token_endpoint")), (String) context.get("idp_client_id"),
                    () -> idToken).build();
        }
        if (scenario.equals("auth/wif-jwt-bearer")) {
            String jwt = (String) context.get("valid_jwt");
            return OAuth.jwtBearer((String) context.get("client_id"), () -> jwt).build();
        }
        if (scenario.equals("auth/client-credentials-jwt")) {
            return OAuth.clientCredentials((String) context.get("client_id"),
                    OAuth.privateKeyFromPem((String) context.get("private_key_pem"))).build();
        }
        if (scenario.equals("auth/client-credentials-basic")) {
            return OAuth.clientCredentials((String) context.get("client_id"), (String) context.get("client_secret")).build();
        }
        OAuth.Builder builder = OAuth.builder(REDIRECT, Authorizing::approve).clientName("jmcp-conformance-client")
                .clientMetadataUrl(CLIENT_METADATA_URL);
        if (context.get("client_id") instanceof String id) {
            builder.preRegistered(id, context.get("client_secret") instanceof String secret ? secret : null);
        }
        return builder.build();
    }

    private static URI approve(URI authorizationUrl) throws IOException, InterruptedException {
        try (HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(10)).build()) {
            HttpResponse<Void> response = http.send(HttpRequest.newBuilder(authorizationUrl)
                    .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.discarding());
            String location = response.headers().firstValue("Location").orElseThrow(() -> new IOException(
                    "the authorization server answered HTTP " + response.statusCode() + " without a redirect"));
            return authorizationUrl.resolve(location);
        }
    }
}
