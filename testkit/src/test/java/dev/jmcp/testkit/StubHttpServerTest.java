package dev.jmcp.testkit;

import dev.jmcp.testkit.StubHttpServer.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class StubHttpServerTest {

    @Test
    void servesTheCannedResponseForItsPathAndRecordsTheRequest() throws Exception {
        try (var stub = StubHttpServer.start(); var http = HttpClient.newHttpClient()) {
            stub.respond("/v1/echo", Response.json(201, "{\"ok\":true}"));

            HttpResponse<String> response = http.send(HttpRequest.newBuilder(stub.uri().resolve("/v1/echo?a=1&b=x%20y"))
                    .header("X-Test", "yes")
                    .POST(HttpRequest.BodyPublishers.ofString("hello")).build(), HttpResponse.BodyHandlers.ofString());

            assertThat(response.statusCode()).isEqualTo(201);
            assertThat(response.body()).isEqualTo("{\"ok\":true}");
            assertThat(response.headers().firstValue("content-type")).contains("application/json; charset=utf-8");
            var request = stub.takeRequest(Duration.ofSeconds(5));
            assertThat(request.method()).isEqualTo("POST");
            assertThat(request.path()).isEqualTo("/v1/echo");
            assertThat(request.queryParameters()).isEqualTo(Map.of("a", "1", "b", "x y"));
            assertThat(request.header("x-test")).contains("yes");
            assertThat(new String(request.body(), StandardCharsets.UTF_8)).isEqualTo("hello");
            assertThat(stub.requests()).containsExactly(request);
        }
    }

    @Test
    void unknownPathsAnswer404() throws Exception {
        try (var stub = StubHttpServer.start(); var http = HttpClient.newHttpClient()) {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(stub.uri().resolve("/nothing")).build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(response.statusCode()).isEqualTo(404);
            assertThat(response.body()).isEqualTo("no stub for /nothing");
        }
    }

    @Test
    void aHangingResponseNeverAnswers() throws Exception {
        try (var stub = StubHttpServer.start(); var http = HttpClient.newHttpClient()) {
            stub.respond("/slow", Response.hang());
            var request = HttpRequest.newBuilder(stub.uri().resolve("/slow")).timeout(Duration.ofMillis(200)).build();

            assertThatThrownBy(() -> http.send(request, HttpResponse.BodyHandlers.ofString()))
                    .isInstanceOf(HttpTimeoutException.class);
            assertThat(stub.takeRequest(Duration.ofSeconds(5)).path()).isEqualTo("/slow");
        }
    }

    @Test
    void takeRequestFailsWhenNothingArrives() throws Exception {
        try (var stub = StubHttpServer.start()) {
            assertThatThrownBy(() -> stub.takeRequest(Duration.ofMillis(50)))
                    .isInstanceOf(AssertionError.class)
                    .hasMessageContaining("no request reached the stub server");
        }
    }
}
