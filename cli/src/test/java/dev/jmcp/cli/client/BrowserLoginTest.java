package dev.jmcp.cli.client;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The page the browser lands on after the authorization server, on the real loopback socket of a login. */
@Timeout(30)
class BrowserLoginTest {
    private static final HttpClient BROWSER = HttpClient.newHttpClient();

    private static CompletableFuture<HttpResponse<String>> visit(URI uri) {
        return BROWSER.sendAsync(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aRefusalByTheAuthorizationServerIsWhatThePageSays() throws Exception {
        try (var login = new BrowserLogin(new PrintWriter(new StringWriter()), 0)) {
            var back = CompletableFuture.supplyAsync(() -> {
                try {
                    return login.authorize(URI.create("http://127.0.0.1:1/authorize"));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            HttpResponse<String> page = visit(login.redirectUri().resolve(
                    "/callback?error=access_denied&error_description=the+user+said+no&state=s")).get(20, TimeUnit.SECONDS);
            assertThat(page.body()).contains("refused", "access_denied", "the user said no").doesNotContain("Logged in");
            assertThat(back.get(20, TimeUnit.SECONDS).getQuery()).contains("error=access_denied");
        }
    }

    @Test
    void thePageWaitsForTheTokenExchangeAndTellsHowItEnded() throws Exception {
        try (var login = new BrowserLogin(new PrintWriter(new StringWriter()), 0)) {
            var back = CompletableFuture.supplyAsync(() -> {
                try {
                    return login.authorize(URI.create("http://127.0.0.1:1/authorize"));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            var page = visit(login.redirectUri().resolve("/callback?code=c&state=s"));
            back.get(20, TimeUnit.SECONDS);
            assertThat(page).isNotDone();
            login.finish(false, "the token endpoint answered HTTP 400: invalid_grant");
            assertThat(page.get(20, TimeUnit.SECONDS).body()).contains("Login failed", "invalid_grant")
                    .doesNotContain("Logged in");
        }
    }
}
