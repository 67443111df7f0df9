package dev.jmcp.server.http;

import dev.jmcp.server.http.routes.Routes;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** Paths served beside MCP, and guards in front of the MCP endpoints only, on a real socket. */
@Timeout(30)
class HttpRoutesTest {
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private HttpFixture fixture;

    @AfterEach
    void stop() {
        if (fixture != null) fixture.close();
    }

    private static Handler text(String body) {
        return new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                response.setStatus(200);
                response.write(true, java.nio.ByteBuffer.wrap(body.getBytes(StandardCharsets.UTF_8)), callback);
                return true;
            }
        };
    }

    private HttpResponse<String> get(String path) throws Exception {
        URI base = fixture.transport.url();
        return http.send(HttpRequest.newBuilder(base.resolve(path)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> initialize() throws Exception {
        return http.send(HttpRequest.newBuilder(fixture.transport.url())
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
                        + "\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                        + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}")).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void anExactRouteAndAPrefixRouteAreServedBesideMcp() throws Exception {
        fixture = new HttpFixture(HttpOptions.defaults(), transport -> {
            var routes = Routes.of(transport);
            routes.route("/status", text("alive"));
            routes.route("/console/", text("console"));
        });
        assertThat(get("/status").body()).isEqualTo("alive");
        assertThat(get("/console/app.js").body()).isEqualTo("console");
        assertThat(get("/statusz").statusCode()).isEqualTo(404);
        assertThat(initialize().statusCode()).isEqualTo(200);
    }

    @Test
    void aGuardStandsBeforeMcpButNotBeforeOtherRoutes() throws Exception {
        fixture = new HttpFixture(HttpOptions.defaults(), transport -> {
            var routes = Routes.of(transport);
            routes.route("/status", text("alive"));
            routes.guard((request, response, callback) -> {
                if ("let-me-in".equals(request.getHeaders().get("X-Test-Key"))) return true;
                ErrorReplies.send(response, callback, 401, -32001, "Unauthorized: no key");
                return false;
            });
        });
        var refused = initialize();
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(refused.body()).contains("no key");
        assertThat(get("/status").body()).isEqualTo("alive");
    }
}
