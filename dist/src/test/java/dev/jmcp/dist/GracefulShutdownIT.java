package dev.jmcp.dist;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Stopping an HTTP server the way an orchestrator does (SIGTERM), and starting one on a network address, against
 * the assembled distribution: a call in flight finishes and is answered, new work is refused meanwhile, readiness
 * turns false, and the process exits 0 within its grace period; an open server on a network address needs consent.
 */
@Timeout(120)
class GracefulShutdownIT {
    @TempDir
    Path work;

    private Process server;
    private StringBuffer stderr = new StringBuffer();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @AfterEach
    void stop() {
        if (server != null) server.destroyForcibly();
    }

    private URI start(String... extra) throws Exception {
        var args = new ArrayList<>(List.of("--port", String.valueOf(Distribution.freePort()), "-p",
                Distribution.bundledPlugins().toString()));
        args.addAll(List.of(extra));
        var http = Distribution.serveHttp(args, Map.of("NOTIFICATION_INTERVAL_MS", "300"));
        server = http.process();
        stderr = http.stderr();
        return http.url();
    }

    private HttpRequest.Builder post(URI url, String session, String body) {
        var request = HttpRequest.newBuilder(url).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").header("MCP-Protocol-Version", "2025-11-25")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (session != null) request.header("Mcp-Session-Id", session);
        return request;
    }

    private String initialize(URI url) throws Exception {
        var response = http.send(post(url, null, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\","
                + "\"version\":\"1\"}}}").build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        String session = response.headers().firstValue("Mcp-Session-Id").orElseThrow();
        http.send(post(url, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}").build(),
                HttpResponse.BodyHandlers.discarding());
        return session;
    }

    @Test
    void sigtermLetsTheCallInFlightFinishRefusesNewWorkAndExitsZero() throws Exception {
        URI url = start("--grace-period", "20s");
        String session = initialize(url);

        // A call of about 2.4 s, answered on an event stream; its first progress event says it is running.
        var lines = new LinkedBlockingQueue<String>();
        var call = http.sendAsync(post(url, session, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\","
                        + "\"params\":{\"name\":\"progress_test\",\"arguments\":{\"seconds\":8},"
                        + "\"_meta\":{\"progressToken\":\"p\"}}}").build(),
                HttpResponse.BodyHandlers.ofLines());
        Stream<String> body = call.get(10, TimeUnit.SECONDS).body();
        Thread.ofPlatform().daemon().start(() -> body.forEach(lines::add));
        String line;
        do {
            line = lines.poll(10, TimeUnit.SECONDS);
            assertThat(line).as("progress of the running call").isNotNull();
        } while (!line.contains("notifications/progress"));

        long signalled = System.nanoTime();
        server.toHandle().destroy();   // SIGTERM

        // New work is refused with a JSON-RPC error while the call goes on; readiness says so; liveness does not.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        HttpResponse<String> refused;
        do {
            refused = http.send(post(url, null, "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"initialize\",\"params\":"
                    + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"late\","
                    + "\"version\":\"1\"}}}").build(), HttpResponse.BodyHandlers.ofString());
            assertThat(System.nanoTime()).as("new work refused after SIGTERM").isLessThan(deadline);
        } while (refused.statusCode() == 200);
        assertThat(refused.statusCode()).isEqualTo(503);
        assertThat(refused.body()).contains("shutting down", "-32000");
        var ready = http.send(HttpRequest.newBuilder(url.resolve("/ready")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(ready.statusCode()).isEqualTo(503);
        assertThat(ready.body()).contains("draining");

        // The call in flight is answered in full.
        String answer = null;
        while (answer == null) {
            line = lines.poll(20, TimeUnit.SECONDS);
            assertThat(line).as("the rest of the call's stream:\n" + stderr).isNotNull();
            if (line.contains("\"id\":2") && line.contains("\"result\"")) answer = line;
        }
        assertThat(answer).doesNotContain("isError\":true");
        assertThat(server.waitFor(20, TimeUnit.SECONDS)).as(stderr.toString()).isTrue();
        assertThat(server.exitValue()).isZero();
        assertThat(Duration.ofNanos(System.nanoTime() - signalled)).isLessThan(Duration.ofSeconds(20));
        assertThat(stderr.toString()).contains("Stopping: new requests are refused");
    }

    @Test
    void aCallLongerThanTheGracePeriodIsCutOffAndTheProcessStillExits() throws Exception {
        URI url = start("--grace-period", "1s");
        String session = initialize(url);
        var call = http.sendAsync(post(url, session, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"sleep\",\"arguments\":{\"milliseconds\":60000}}}").build(),
                HttpResponse.BodyHandlers.ofString());
        Thread.sleep(500);
        long signalled = System.nanoTime();
        server.toHandle().destroy();
        assertThat(server.waitFor(15, TimeUnit.SECONDS)).as(stderr.toString()).isTrue();
        assertThat(Duration.ofNanos(System.nanoTime() - signalled)).isLessThan(Duration.ofSeconds(10));
        assertThat(stderr.toString()).contains("grace period are cut off");
        call.cancel(true);
    }

    @Test
    void aNetworkAddressWithoutAuthorizationNeedsConsentAndSaysSo() throws Exception {
        var refused = new ProcessBuilder(Distribution.launcher().toString(), "serve", "-t", "--host", "0.0.0.0",
                "--port", "0", "-p", Distribution.bundledPlugins().toString()).redirectErrorStream(true).start();
        String output = new String(refused.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(refused.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(refused.exitValue()).isEqualTo(2);
        assertThat(output).contains("--allow-unauthenticated-network", "no authorization");

        URI url = start("--host", "0.0.0.0", "--allow-unauthenticated-network");
        assertThat(stderr.toString()).contains("with no authorization, as --allow-unauthenticated-network accepts");
        var health = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + url.getPort() + "/health"))
                .GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(health.statusCode()).isEqualTo(200);
    }
}
