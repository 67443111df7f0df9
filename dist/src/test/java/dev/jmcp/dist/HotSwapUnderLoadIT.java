package dev.jmcp.dist;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.testkit.McpProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A plugin replaced again and again (and twice by garbage) while clients call it as fast as they can, over stdio and
 * over HTTP at once, against the assembled distribution: every request is answered exactly once, with a result from
 * some whole version of the plugin, never an error, and nothing but JSON-RPC reaches standard output.
 */
@Timeout(180)
class HotSwapUnderLoadIT {
    /** At least this many calls, and on until every swap is done, but never more than the cap. */
    private static final int STDIO_CALLS = 4_000;
    private static final int STDIO_CAP = 250_000;
    private static final int STDIO_IN_FLIGHT = 64;
    private static final int HTTP_SESSIONS = 4;
    private static final int HTTP_CALLS_PER_SESSION = 400;
    private static final int HTTP_CAP_PER_SESSION = 50_000;
    private static final int SWAPS = 12;
    private static final Pattern ANSWER = Pattern.compile("v\\d+ says hello to \\S+");
    private static final JsonCodec CODEC = JsonCodec.shared();

    @TempDir
    Path work;

    private McpProcess stdio;
    private Process http;
    private StringBuffer httpErr = new StringBuffer();

    @AfterEach
    void stop() throws InterruptedException {
        if (stdio != null) stdio.close();
        if (http != null) {
            http.destroy();
            if (!http.waitFor(10, TimeUnit.SECONDS)) http.destroyForcibly();
        }
    }

    @Test
    void everyCallIsAnsweredExactlyOnceWhileThePluginIsSwappedOverStdioAndHttp() throws Exception {
        Path plugins = Distribution.copyOfBundledPlugins(work.resolve("plugins"));
        Path jar = plugins.resolve("greeter.jar");
        Files.write(jar, HotReloadIT.greeter("v0"));
        stdio = Distribution.serve(plugins, Map.of(), work);
        stdio.initialize("2025-11-25", Map.of());
        URI url = startHttp(plugins);
        var httpClient = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        var sessions = new ArrayList<String>();
        for (int i = 0; i < HTTP_SESSIONS; i++) sessions.add(openSession(httpClient, url));

        var swapped = new AtomicBoolean();
        var swapper = Thread.ofPlatform().name("swapper").start(() -> swap(jar, swapped));

        // stdio: many calls in flight at once; every future must complete, and no response may come twice.
        var inFlight = new Semaphore(STDIO_IN_FLIGHT);
        var stdioAnswers = new ConcurrentHashMap<Long, String>();
        var stdioErrors = new ConcurrentHashMap<Long, Object>();
        var futures = new ArrayList<CompletableFuture<Map<String, Object>>>();
        var stdioSender = Thread.ofPlatform().name("stdio-load").start(() -> {
            try {
                for (int i = 0; i < STDIO_CAP && (i < STDIO_CALLS || !swapped.get()); i++) {
                    inFlight.acquire();
                    long id = stdio.nextId();
                    var future = stdio.sendRequest(id, "tools/call",
                            Map.of("name", "greet", "arguments", Map.of("name", "s" + id)));
                    future.whenComplete((response, failure) -> {
                        inFlight.release();
                        if (response != null && response.get("result") instanceof Map<?, ?> result
                                && !Boolean.TRUE.equals(result.get("isError"))) {
                            stdioAnswers.put(id, text(result));
                        } else {
                            stdioErrors.put(id, response == null ? String.valueOf(failure) : response);
                        }
                    });
                    synchronized (futures) {
                        futures.add(future);
                    }
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });

        // HTTP: one caller per session, each POST answered by exactly one response naming its id.
        var httpAnswered = new AtomicInteger();
        var httpSent = new AtomicInteger();
        var httpProblems = new ConcurrentHashMap<String, String>();
        var callers = new ArrayList<Thread>();
        for (String session : sessions) {
            callers.add(Thread.ofPlatform().start(() -> {
                // One kept-alive connection per caller, written and read by hand (RawHttp): the JDK client's pool
                // has had races of its own that lose a response, which would blame the server wrongly.
                var connection = new RawHttp.KeptAliveConnection(url);
                try (connection) {
                    for (int i = 0; i < HTTP_CAP_PER_SESSION && (i < HTTP_CALLS_PER_SESSION || !swapped.get()); i++) {
                        httpSent.incrementAndGet();
                        String id = session.substring(0, 8) + "-" + i;
                        try {
                            var response = connection.post(session, "{\"jsonrpc\":\"2.0\",\"id\":\"" + id
                                    + "\",\"method\":\"tools/call\",\"params\":{\"name\":\"greet\",\"arguments\":"
                                    + "{\"name\":\"" + id + "\"}}}");
                            var answers = response.messages().stream().filter(m -> id.equals(m.get("id"))).toList();
                            if (response.status() != 200 || answers.size() != 1
                                    || !(answers.getFirst().get("result") instanceof Map<?, ?> result)
                                    || !ANSWER.matcher(text(result)).matches()) {
                                httpProblems.put(id, response.status() + " " + response.body());
                            } else {
                                httpAnswered.incrementAndGet();
                            }
                        } catch (Exception e) {
                            httpProblems.put(id, e + " (" + connection + ")");
                        }
                    }
                }
            }));
        }

        assertThat(stdioSender.join(Duration.ofSeconds(150))).isTrue();
        for (Thread caller : callers) assertThat(caller.join(Duration.ofSeconds(120))).isTrue();
        List<CompletableFuture<Map<String, Object>>> all;
        synchronized (futures) {
            all = List.copyOf(futures);
        }
        CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
        assertThat(swapper.join(Duration.ofSeconds(30))).isTrue();
        assertThat(swapped).as("every swap happened under load").isTrue();

        assertThat(all).hasSizeGreaterThanOrEqualTo(STDIO_CALLS);
        assertThat(stdioErrors).as("stdio calls answered with an error").isEmpty();
        assertThat(stdioAnswers).hasSize(all.size());
        assertThat(stdioAnswers.values().stream().distinct().count()).as("versions seen").isGreaterThan(1);
        assertThat(stdioAnswers.values()).allMatch(answer -> ANSWER.matcher(answer).matches());
        assertThat(stdio.unmatchedResponses()).as("responses that came twice or to nothing").isEmpty();
        assertThat(stdio.nonProtocolLines()).isEmpty();
        assertThat(httpProblems).as("HTTP calls not answered exactly once with a result; the server said:%n%s", httpErr)
                .isEmpty();
        assertThat(httpAnswered.get()).isEqualTo(httpSent.get()).isGreaterThanOrEqualTo(HTTP_SESSIONS * HTTP_CALLS_PER_SESSION);
        // The plugin really was swapped under the load: the last whole version serves once the folder settles.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        String last;
        do {
            last = text(stdio.call("tools/call", Map.of("name", "greet", "arguments", Map.of("name", "end"))));
            assertThat(System.nanoTime()).as("the last version is loaded; serving " + last).isLessThan(deadline);
        } while (!last.equals("v" + SWAPS + " says hello to end"));
        System.out.printf("hot swap under load: %d stdio calls and %d HTTP calls over %d sessions, %d swaps (2 garbage),"
                + " each answered exactly once%n", all.size(), httpAnswered.get(), HTTP_SESSIONS, SWAPS);
        assertThat(stdio.isAlive()).isTrue();
        assertThat(http.isAlive()).as(httpErr.toString()).isTrue();
    }

    /** Replaces the JAR {@link #SWAPS} times with new versions, twice with garbage in between, then says so. */
    private void swap(Path jar, AtomicBoolean swapped) {
        try {
            for (int version = 1; version <= SWAPS; version++) {
                Thread.sleep(400);
                if (version == 4 || version == 9) {
                    // Garbage where the JAR was: the working version must go on serving.
                    replace(jar, "PK\u0003\u0004 this is not a jar".getBytes(StandardCharsets.ISO_8859_1));
                    Thread.sleep(400);
                }
                replace(jar, HotReloadIT.greeter("v" + version));
            }
            // Let the last version load while the load goes on.
            Thread.sleep(1_000);
            swapped.set(true);
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private void replace(Path jar, byte[] bytes) throws IOException {
        Path next = work.resolve("next.jar");
        Files.write(next, bytes);
        Files.move(next, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private URI startHttp(Path plugins) throws Exception {
        var server = Distribution.serveHttp(List.of("--port", String.valueOf(Distribution.freePort()), "-p",
                plugins.toString()), Map.of());
        http = server.process();
        httpErr = server.stderr();
        return server.url();
    }

    private static String openSession(HttpClient client, URI url) throws Exception {
        var response = post(client, url, null, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
                + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"load\","
                + "\"version\":\"1\"}}}");
        assertThat(response.statusCode()).isEqualTo(200);
        String session = response.headers().firstValue("Mcp-Session-Id").orElseThrow();
        var initialized = post(client, url, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        assertThat(initialized.statusCode()).isEqualTo(202);
        return session;
    }

    private static HttpResponse<String> post(HttpClient client, URI url, String session, String body) throws Exception {
        var request = HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2025-11-25");
        if (session != null) request.header("Mcp-Session-Id", session);
        return client.send(request.POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @SuppressWarnings("unchecked")
    private static String text(Map<?, ?> result) {
        return (String) ((List<Map<String, Object>>) result.get("content")).getFirst().get("text");
    }
}
