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
                // One kept-alive connection per caller, written and read by hand: the JDK client's pool has had races
                // of its own that lose a response (JDK-8336655, JDK-8357639), which would blame the server wrongly.
                var connection = new KeptAliveConnection(url);
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

    /** A response read off a {@link KeptAliveConnection}: status, lower-case header names, body as text. */
    private record RawResponse(int status, Map<String, String> headers, String body) {
        /** The JSON-RPC messages of the response: its JSON body, or the data of each event of its event stream. */
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> messages() {
            var messages = new ArrayList<Map<String, Object>>();
            if (headers.getOrDefault("content-type", "").startsWith("application/json")) {
                messages.add((Map<String, Object>) CODEC.parse(body.getBytes(StandardCharsets.UTF_8)));
            } else {
                for (String line : body.split("\n")) {
                    if (line.startsWith("data:") && line.length() > 6) {
                        messages.add((Map<String, Object>) CODEC.parse(line.substring(5).strip()
                                .getBytes(StandardCharsets.UTF_8)));
                    }
                }
            }
            return messages;
        }
    }

    /**
     * One HTTP/1.1 connection kept alive across requests, used by one thread: a POST, its whole response (by
     * {@code Content-Length} or chunked), then the next. Opened again only when the server closes it after a response
     * that said so; any other end is a failure to report.
     */
    private static final class KeptAliveConnection implements AutoCloseable {
        private final URI url;
        private Socket socket;
        private BufferedInputStream in;
        private int opened;
        private int exchanges;

        KeptAliveConnection(URI url) {
            this.url = url;
        }

        RawResponse post(String session, String json) throws IOException {
            if (socket == null) {
                socket = new Socket(url.getHost(), url.getPort());
                socket.setSoTimeout(30_000);
                socket.setTcpNoDelay(true);
                in = new BufferedInputStream(socket.getInputStream());
                opened++;
            }
            byte[] body = json.getBytes(StandardCharsets.UTF_8);
            String head = "POST " + url.getPath() + " HTTP/1.1\r\nHost: " + url.getHost() + ":" + url.getPort()
                    + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream"
                    + "\r\nMCP-Protocol-Version: 2025-11-25\r\nMcp-Session-Id: " + session
                    + "\r\nContent-Length: " + body.length + "\r\n\r\n";
            // Head and body in one write: two small writes would wait on Nagle's algorithm and a delayed ACK.
            var request = new ByteArrayOutputStream(head.length() + body.length);
            request.write(head.getBytes(StandardCharsets.US_ASCII));
            request.write(body);
            socket.getOutputStream().write(request.toByteArray());
            String status = line();
            if (status == null) throw new EOFException("the server closed the connection instead of answering");
            var headers = new HashMap<String, String>();
            for (String header = line(); header != null && !header.isEmpty(); header = line()) {
                int colon = header.indexOf(':');
                headers.put(header.substring(0, colon).strip().toLowerCase(Locale.ROOT),
                        header.substring(colon + 1).strip());
            }
            var content = new ByteArrayOutputStream();
            if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
                for (int size = chunkSize(); size > 0; size = chunkSize()) {
                    content.write(in.readNBytes(size));
                    line();
                }
                for (String trailer = line(); trailer != null && !trailer.isEmpty(); trailer = line()) {
                    // Trailers are not used; read past them.
                }
            } else {
                content.write(in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0"))));
            }
            exchanges++;
            if ("close".equalsIgnoreCase(headers.get("connection"))) close();
            return new RawResponse(Integer.parseInt(status.split(" ")[1]), headers,
                    content.toString(StandardCharsets.UTF_8));
        }

        private int chunkSize() throws IOException {
            String size = line();
            if (size == null) throw new EOFException("the server closed the connection inside a chunked body");
            int extension = size.indexOf(';');
            return Integer.parseInt(extension < 0 ? size.strip() : size.substring(0, extension).strip(), 16);
        }

        /** One CRLF-ended line, or null at the end of the stream. */
        private String line() throws IOException {
            var line = new ByteArrayOutputStream();
            for (int b = in.read(); b != '\n'; b = in.read()) {
                if (b < 0) return line.size() == 0 ? null : line.toString(StandardCharsets.US_ASCII);
                if (b != '\r') line.write(b);
            }
            return line.toString(StandardCharsets.US_ASCII);
        }

        @Override
        public void close() {
            try {
                if (socket != null) socket.close();
            } catch (IOException ignored) {
                // Closing a connection the test is done with.
            }
            socket = null;
        }

        @Override
        public String toString() {
            return "connection " + opened + " of this caller, after " + exchanges + " answers on this caller";
        }
    }

    @SuppressWarnings("unchecked")
    private static String text(Map<?, ?> result) {
        return (String) ((List<Map<String, Object>>) result.get("content")).getFirst().get("text");
    }
}
