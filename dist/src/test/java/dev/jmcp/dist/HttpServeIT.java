package dev.jmcp.dist;

import dev.jmcp.protocol.json.JsonCodec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code jmcp serve -t -s} as a subprocess, spoken to over real HTTP on 127.0.0.1. */
@Timeout(60)
class HttpServeIT {
    private static final Pattern SERVING = Pattern.compile("serving Streamable HTTP at (\\S+);");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private Process server;

    @AfterEach
    void stop() throws InterruptedException {
        if (server != null) {
            server.destroy();
            assertThat(server.waitFor(10, TimeUnit.SECONDS)).as("the server stops on SIGTERM").isTrue();
        }
    }

    private URI start() throws Exception {
        return start(Distribution.bundledPlugins());
    }

    /** Serves both HTTP transports on a port the server picks; the address it logs is the one it wrote. */
    private URI start(Path plugins) throws Exception {
        Path address = Files.createTempFile("jmcp-address", ".txt");
        Files.delete(address);
        server = new ProcessBuilder(Distribution.launcher().toString(), "serve", "-t", "-s", "--port", "0",
                "--address-file", address.toString(), "-p", plugins.toString()).start();
        var url = new CompletableFuture<URI>();
        Thread.ofVirtual().start(() -> {
            try (var err = new BufferedReader(new InputStreamReader(server.getErrorStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = err.readLine()) != null) {
                    Matcher m = SERVING.matcher(line);
                    if (m.find()) url.complete(URI.create(m.group(1)));
                }
                url.completeExceptionally(new AssertionError("the server ended without serving HTTP"));
            } catch (IOException e) {
                url.completeExceptionally(e);
            }
        });
        URI logged = url.get(30, TimeUnit.SECONDS);
        for (int i = 0; i < 100 && !Files.exists(address); i++) Thread.sleep(50);
        assertThat(Files.readString(address)).as("--address-file").isEqualTo(logged + System.lineSeparator());
        Files.delete(address);
        return logged;
    }

    private HttpResponse<String> post(URI url, String sessionId, String body, Map<String, String> headers)
            throws Exception {
        var request = HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (sessionId != null) request.header("Mcp-Session-Id", sessionId).header("MCP-Protocol-Version", "2025-11-25");
        headers.forEach(request::header);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @SuppressWarnings("unchecked")
    @Test
    void streamableHttpServesASessionFromInitializeToDelete() throws Exception {
        URI url = start();
        assertThat(url.toString()).startsWith("http://127.0.0.1:").endsWith("/mcp");
        var init = post(url, null, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}", Map.of());
        assertThat(init.statusCode()).isEqualTo(200);
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertThat(session).hasSizeGreaterThanOrEqualTo(16);

        assertThat(post(url, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", Map.of())
                .statusCode()).isEqualTo(202);
        var list = post(url, session, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}", Map.of());
        assertThat(list.statusCode()).isEqualTo(200);
        var tools = (List<Map<String, Object>>) ((Map<String, Object>) ((Map<String, Object>) JsonCodec.shared()
                .parse(list.body())).get("result")).get("tools");
        assertThat(tools).extracting(t -> t.get("name")).contains("get_weather", "sleep");

        var evil = post(url, session, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}",
                Map.of("Origin", "https://evil.example"));
        assertThat(evil.statusCode()).isEqualTo(403);
        assertThat(evil.body()).contains("\"jsonrpc\":\"2.0\"");

        var delete = http.send(HttpRequest.newBuilder(url).header("Mcp-Session-Id", session)
                .header("MCP-Protocol-Version", "2025-11-25").DELETE().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(delete.statusCode()).isBetween(200, 204);
        assertThat(post(url, session, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\"}", Map.of()).statusCode())
                .isEqualTo(404);
    }

    private String initialize(URI url) throws Exception {
        var init = post(url, null, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}", Map.of());
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertThat(post(url, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", Map.of())
                .statusCode()).isEqualTo(202);
        return session;
    }

    @Test
    void aHotReloadReachesEveryConnectedSession(@TempDir Path work)
            throws Exception {
        var plugins = Distribution.copyOfBundledPlugins(work.resolve("plugins"));
        URI url = start(plugins);
        int sessions = 5;
        var told = new java.util.concurrent.CountDownLatch(sessions);
        var streams = new java.util.ArrayList<HttpResponse<java.util.stream.Stream<String>>>();
        for (int i = 0; i < sessions; i++) {
            String session = initialize(url);
            var stream = http.send(HttpRequest.newBuilder(url).header("Accept", "text/event-stream")
                    .header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-11-25").GET().build(),
                    HttpResponse.BodyHandlers.ofLines());
            assertThat(stream.statusCode()).isEqualTo(200);
            streams.add(stream);
            Thread.ofVirtual().start(() -> {
                if (stream.body().anyMatch(line -> line.contains("notifications/tools/list_changed"))) told.countDown();
            });
        }
        Files.write(plugins.resolve("greeter.jar"), HotReloadIT.greeter("v1"));
        assertThat(told.await(30, TimeUnit.SECONDS)).as("every session told the tools changed").isTrue();
        streams.forEach(s -> s.body().close());
    }

    @Test
    void theAddressFileOfLegacySseAloneNamesItsStreamAndAnAddressFileWithoutHttpIsRefused(
            @TempDir Path work) throws Exception {
        Path address = work.resolve("address");
        server = new ProcessBuilder(Distribution.launcher().toString(), "serve", "-s", "--port", "0",
                "--address-file", address.toString(), "-p", Distribution.bundledPlugins().toString())
                .redirectErrorStream(true).redirectOutput(work.resolve("log").toFile()).start();
        for (int i = 0; i < 600 && server.isAlive() && !Files.exists(address); i++) Thread.sleep(50);
        URI sse = URI.create(Files.readString(address).strip());
        assertThat(sse.toString()).startsWith("http://127.0.0.1:").endsWith("/sse");
        assertThat(sse.getPort()).isPositive();
        var response = http.send(HttpRequest.newBuilder(sse).header("Accept", "text/event-stream").GET().build(),
                HttpResponse.BodyHandlers.ofLines());
        assertThat(response.statusCode()).isEqualTo(200);
        response.body().close();

        var refused = new ProcessBuilder(Distribution.launcher().toString(), "serve", "--address-file",
                address.toString()).redirectErrorStream(true).start();
        refused.getOutputStream().close();
        String output = new String(refused.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(refused.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(refused.exitValue()).isEqualTo(2);
        assertThat(output).contains("--address-file names the address of HTTP; add -t");
    }

    @Test
    void theLegacySseTransportAnnouncesItsMessageEndpoint() throws Exception {
        URI url = start();
        URI sse = url.resolve("/sse");
        var response = http.send(HttpRequest.newBuilder(sse).header("Accept", "text/event-stream").GET().build(),
                HttpResponse.BodyHandlers.ofLines());
        assertThat(response.statusCode()).isEqualTo(200);
        try (var lines = response.body()) {
            var endpoint = lines.filter(l -> l.startsWith("data:")).findFirst().orElseThrow();
            assertThat(endpoint).contains("/messages?sessionId=");
        }
    }
}
