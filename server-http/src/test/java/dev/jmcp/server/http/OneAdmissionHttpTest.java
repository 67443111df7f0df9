package dev.jmcp.server.http;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.server.config.ServerOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

import static dev.jmcp.server.http.TestClient.object;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 28's one admission, over real sockets on 127.0.0.1: 2026-07-28 requests over HTTP are admitted by the same
 * {@code session.Admission} as a stateful session's. With both limits set low, a burst of stateless calls and a burst of
 * session calls to a tool that waits, sent at the same time, are bounded alike: the same -32000 "Server busy" answer
 * past the limit (503 on the stateless wire, as the README says), one count of requests in flight for both, exactly one
 * answer per request once the tool lets go, and the server serving again after. At the end of a shutdown's grace
 * period both kinds are stopped with the same -32603, and a listen stream is not waited for. A stateless call whose code
 * ignores its cancellation frees its place after the same grace as a session's ({@code Admission.CANCEL_GRACE}).
 */
@Timeout(60)
class OneAdmissionHttpTest {
    private static final String REVISION = "2026-07-28";
    private static final JsonCodec CODEC = JsonCodec.shared();
    private static final int LIMIT = 3;
    private static final int BURST = 8;

    private HttpFixture fixture;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @AfterEach
    void stop() {
        http.close();
        if (fixture != null) fixture.close();
    }

    private void start() throws Exception {
        var defaults = ServerOptions.defaults("one-admission-test", Path.of("unused"));
        var serverOptions = new ServerOptions(defaults.name(), defaults.version(), defaults.pluginsDirectory(),
                defaults.pageSize(), defaults.maxMessageBytes(), LIMIT, defaults.reloadSettle());
        fixture = new HttpFixture(serverOptions, HttpOptions.defaults().withMaxStatelessCalls(LIMIT));
    }

    private static String statelessBody(int id, String method, Map<String, Object> params) {
        var meta = new LinkedHashMap<String, Object>();
        meta.put("io.modelcontextprotocol/protocolVersion", REVISION);
        meta.put("io.modelcontextprotocol/clientInfo", Map.of("name", "one-admission-test", "version", "1"));
        meta.put("io.modelcontextprotocol/clientCapabilities", Map.of());
        var all = new LinkedHashMap<String, Object>(params);
        all.put("_meta", meta);
        return CODEC.writeValueAsString(Map.of("jsonrpc", "2.0", "id", id, "method", method, "params", all));
    }

    private HttpRequest statelessPost(String json, String method, String name) {
        var builder = HttpRequest.newBuilder(fixture.transport.url()).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json").header("Accept", TestClient.BOTH)
                .header("MCP-Protocol-Version", REVISION).header("Mcp-Method", method)
                .POST(HttpRequest.BodyPublishers.ofString(json));
        if (name != null) builder.header("Mcp-Name", name);
        return builder.build();
    }

    private CompletableFuture<HttpResponse<String>> statelessCall(int id, String tool) {
        return http.sendAsync(statelessPost(statelessBody(id, "tools/call", Map.of("name", tool,
                "arguments", Map.of("text", "hi"))), "tools/call", tool), HttpResponse.BodyHandlers.ofString());
    }

    /** The JSON-RPC answers (responses and errors) a response carries, as one JSON body or as SSE events. */
    private static List<Map<String, Object>> answers(HttpResponse<String> response) {
        var messages = new ArrayList<Map<String, Object>>();
        boolean stream = response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream");
        if (stream) {
            for (String line : response.body().split("\n")) {
                if (line.startsWith("data:")) messages.add(object(line.substring(5).strip()));
            }
        } else if (!response.body().isBlank()) {
            messages.add(object(response.body()));
        }
        return messages.stream().filter(m -> m.containsKey("result") || m.containsKey("error")).toList();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> error(Map<String, Object> answer) {
        return (Map<String, Object>) answer.get("error");
    }

    private static void await(IntSupplier count, int expected, String what) throws InterruptedException {
        var tick = new CountDownLatch(1);
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (count.getAsInt() != expected && System.nanoTime() < deadline) tick.await(20, TimeUnit.MILLISECONDS);
        assertThat(count.getAsInt()).as(what).isEqualTo(expected);
    }

    @Test
    void statelessAndSessionCallsPastTheLimitGetTheSameBusyAnswerAndAllGetExactlyOneAnswer() throws Exception {
        start();
        try (var session = new TestClient(fixture.transport.url())) {
            session.initialize("2025-11-25");
            // Both bursts at once: stateless calls over connections of their own, session calls on one session.
            var stateless = new ArrayList<CompletableFuture<HttpResponse<String>>>();
            var stateful = new ArrayList<CompletableFuture<HttpResponse<String>>>();
            for (int i = 0; i < BURST; i++) {
                stateless.add(statelessCall(100 + i, "gated"));
                stateful.add(session.http.sendAsync(session.post(TestClient.call(200 + i, "gated", false)).build(),
                        HttpResponse.BodyHandlers.ofString()));
            }
            // The tool waits for the gate: only the refused requests can be answered before it opens.
            var refusals = new ArrayList<Map<String, Object>>();
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            var tick = new CountDownLatch(1);
            while (refusals.size() < 2 * (BURST - LIMIT) && System.nanoTime() < deadline) {
                refusals.clear();
                for (var call : stateless) {
                    if (call.isDone()) {
                        var response = call.join();
                        assertThat(response.statusCode()).as("the stateless wire's busy status").isEqualTo(503);
                        refusals.addAll(answers(response));
                    }
                }
                for (var call : stateful) {
                    if (call.isDone()) refusals.addAll(answers(call.join()));
                }
                tick.await(20, TimeUnit.MILLISECONDS);
            }
            assertThat(refusals).as("past the limit of " + LIMIT + " on each wire").hasSize(2 * (BURST - LIMIT));
            for (var refusal : refusals) {
                assertThat(error(refusal)).containsEntry("code", -32000);
                assertThat((String) error(refusal).get("message")).as("the one admission's words on both wires")
                        .matches("Server busy: " + LIMIT + " requests( of this session)? are already in flight; "
                                + "retry when some have finished");
            }
            await(fixture.engine::requestsInFlight, 2 * LIMIT,
                    "one count of requests in flight, stateless and session ones alike");
            assertThat(fixture.transport.statelessCallCount()).isEqualTo(LIMIT);

            fixture.openGate();
            var ids = new ArrayList<Object>();
            for (var call : stateless) {
                var answers = answers(call.get(30, TimeUnit.SECONDS));
                assertThat(answers).as("exactly one answer per stateless request").hasSize(1);
                ids.add(answers.getFirst().get("id"));
            }
            for (var call : stateful) {
                var answers = answers(call.get(30, TimeUnit.SECONDS));
                assertThat(answers).as("exactly one answer per session request").hasSize(1);
                ids.add(answers.getFirst().get("id"));
            }
            var expected = new ArrayList<Object>();
            for (int i = 0; i < BURST; i++) expected.add(100 + i);
            for (int i = 0; i < BURST; i++) expected.add(200 + i);
            assertThat(ids).as("each answer echoes its own request's id").containsExactlyElementsOf(expected);
            long completed = 0;
            for (var call : stateless) completed += answers(call.join()).stream().filter(a -> a.containsKey("result")).count();
            for (var call : stateful) completed += answers(call.join()).stream().filter(a -> a.containsKey("result")).count();
            assertThat(completed).as("the admitted calls ran to their end").isEqualTo(2 * LIMIT);
            await(fixture.engine::requestsInFlight, 0, "nothing left in flight after the burst");

            // And the server serves again, up to the limit, on both wires.
            var again = new ArrayList<CompletableFuture<HttpResponse<String>>>();
            for (int i = 0; i < LIMIT; i++) again.add(statelessCall(300 + i, "echo"));
            for (var call : again) {
                var response = call.get(30, TimeUnit.SECONDS);
                assertThat(response.statusCode()).isEqualTo(200);
                assertThat(answers(response)).singleElement().satisfies(a -> assertThat(a).containsKey("result"));
            }
            var echo = session.postString(TestClient.call(400, "echo", false));
            assertThat(echo.statusCode()).isEqualTo(200);
            assertThat(echo.body()).contains("echo: hi 400");
        }
    }

    @Test
    void theEndOfAShutdownsGraceStopsStatelessAndSessionCallsAlikeAndDoesNotWaitForAListenStream() throws Exception {
        start();
        try (var session = new TestClient(fixture.transport.url())) {
            session.initialize("2025-11-25");
            var listen = http.sendAsync(statelessPost(statelessBody(1, "subscriptions/listen",
                    Map.of("notifications", Map.of("toolsListChanged", true))), "subscriptions/listen", null),
                    HttpResponse.BodyHandlers.ofInputStream());
            var listening = listen.get(20, TimeUnit.SECONDS);
            assertThat(listening.statusCode()).isEqualTo(200);
            try (var events = new SseReader(listening.body())) {
                assertThat(object(events.next().data())).containsEntry("method",
                        "notifications/subscriptions/acknowledged");
                assertThat(fixture.engine.awaitIdle(Duration.ofSeconds(5))).as("a listen stream is not waited for")
                        .isTrue();
                stopAlike(session, events);
            }
        }
    }

    /** Calls in flight on both wires beside the open {@code listen} stream, then the end of the grace period. */
    private void stopAlike(TestClient session, SseReader listen) throws Exception {
        var stateless = statelessCall(2, "gated");
        var stateful = session.http.sendAsync(session.post(TestClient.call(3, "gated", false)).build(),
                HttpResponse.BodyHandlers.ofString());
        await(fixture.engine::requestsInFlight, 3, "two calls and the listen stream in flight");
        assertThat(fixture.engine.awaitIdle(Duration.ofMillis(200))).as("calls in flight are waited for").isFalse();

        assertThat(fixture.engine.stopInFlight()).as("both calls and the listen stream answered").isEqualTo(3);
        for (var call : List.of(stateless, stateful)) {
            var answers = answers(call.get(30, TimeUnit.SECONDS));
            assertThat(answers).singleElement().satisfies(answer -> {
                assertThat(error(answer)).containsEntry("code", -32603);
                assertThat((String) error(answer).get("message")).contains("the server stopped before this request "
                        + "finished");
            });
        }
        var last = object(listen.next().data());
        assertThat(last).as("the listen stream's one answer").containsEntry("id", 1);
        assertThat(error(last)).containsEntry("code", -32603);
        assertThat(listen.next()).as("the listen stream ends with its answer").isNull();
        await(fixture.engine::requestsInFlight, 0, "nothing left in flight once stopped");
    }

    @Test
    void aStatelessCallWhoseCodeIgnoresItsCancellationFreesItsPlaceAfterTheGraceAsASessionsDoes() throws Exception {
        var defaults = ServerOptions.defaults("one-admission-test", Path.of("unused"));
        fixture = new HttpFixture(defaults, HttpOptions.defaults().withMaxStatelessCalls(1));
        var json = statelessBody(1, "tools/call", Map.of("name", "stubborn", "arguments", Map.of("text", "hi")))
                .getBytes(StandardCharsets.UTF_8);
        try (var socket = new Socket("127.0.0.1", fixture.transport.port())) {
            String head = "POST " + fixture.transport.url().getPath() + " HTTP/1.1\r\nHost: 127.0.0.1:"
                    + fixture.transport.port() + "\r\nContent-Type: application/json\r\nAccept: " + TestClient.BOTH
                    + "\r\nMCP-Protocol-Version: " + REVISION + "\r\nMcp-Method: tools/call\r\nMcp-Name: stubborn"
                    + "\r\nContent-Length: " + json.length + "\r\n\r\n";
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().write(json);
            socket.getOutputStream().flush();
            assertThat(fixture.stubbornStarted.await(20, TimeUnit.SECONDS)).isTrue();
        }
        // Hung up: the call is cancelled, its code carries on, and its place stays taken until the grace ends.
        assertThat(fixture.stubbornInterrupted.await(20, TimeUnit.SECONDS)).as("cancelled by the hang-up").isTrue();
        long cancelled = System.nanoTime();
        await(fixture.transport::statelessCallCount, 0, "the place freed once the grace ended");
        assertThat(Duration.ofNanos(System.nanoTime() - cancelled)).as("not before the grace")
                .isGreaterThan(Duration.ofSeconds(4));
        var next = statelessCall(2, "echo").get(30, TimeUnit.SECONDS);
        assertThat(next.statusCode()).as("the freed place serves the next call").isEqualTo(200);
        assertThat(answers(next)).singleElement().satisfies(a -> assertThat(a).containsKey("result"));
    }
}
