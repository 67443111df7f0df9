package dev.jmcp.server.http;

import dev.jmcp.protocol.json.JsonCodec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static dev.jmcp.server.http.TestClient.object;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The stateless revision (2026-07-28) on the MCP endpoint, against a real engine and Jetty on 127.0.0.1: the checks in
 * their order, each with its status, code and echoed id; JSON or SSE answers; listen streams; cancellation by
 * hanging up; the bound on calls.
 */
@Timeout(30)
class StatelessHttpTest {
    private static final String REVISION = "2026-07-28";
    private static final JsonCodec CODEC = JsonCodec.shared();

    private HttpFixture fixture;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private void start(HttpOptions options) throws Exception {
        fixture = new HttpFixture(options);
    }

    private void start() throws Exception {
        start(HttpOptions.defaults());
    }

    @AfterEach
    void stop() {
        http.close();
        if (fixture != null) fixture.close();
    }

    private URI url() {
        return fixture.transport.url();
    }

    private static Map<String, Object> meta() {
        var meta = new LinkedHashMap<String, Object>();
        meta.put("io.modelcontextprotocol/protocolVersion", REVISION);
        meta.put("io.modelcontextprotocol/clientInfo", Map.of("name", "stateless-test", "version", "1"));
        meta.put("io.modelcontextprotocol/clientCapabilities", Map.of());
        return meta;
    }

    private static String body(int id, String method, Map<String, Object> params, Map<String, Object> meta) {
        var all = new LinkedHashMap<String, Object>(params);
        if (meta != null) all.put("_meta", meta);
        return CODEC.writeValueAsString(Map.of("jsonrpc", "2.0", "id", id, "method", method, "params", all));
    }

    private static String body(int id, String method, Map<String, Object> params) {
        return body(id, method, params, meta());
    }

    /** A conformant POST: the version, Mcp-Method and (when given) Mcp-Name headers. */
    private HttpRequest.Builder post(String json, String method, String name) {
        var builder = HttpRequest.newBuilder(url()).timeout(Duration.ofSeconds(20))
                .header("Content-Type", "application/json").header("Accept", TestClient.BOTH)
                .header("MCP-Protocol-Version", REVISION).POST(HttpRequest.BodyPublishers.ofString(json));
        if (method != null) builder.header("Mcp-Method", method);
        if (name != null) builder.header("Mcp-Name", name);
        return builder;
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static Map<String, Object> call(String tool) {
        return Map.of("name", tool, "arguments", Map.of("text", "hi"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> error(HttpResponse<String> response) {
        return (Map<String, Object>) object(response.body()).get("error");
    }

    /** Asserts a refusal: the status, the JSON-RPC code and the echoed id. */
    private static Map<String, Object> assertRefused(HttpResponse<String> response, int status, int code, Object id) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
        var message = object(response.body());
        assertThat(message.get("id")).isEqualTo(id);
        assertThat(error(response).get("code")).isEqualTo(code);
        return error(response);
    }

    // --- what the transport answers on its own -------------------------------------------------------------------

    @Test
    void aStatelessGetOrDeleteGets405WithAJsonRpcError() throws Exception {
        start();
        for (String verb : List.of("GET", "DELETE")) {
            var response = send(HttpRequest.newBuilder(url()).header("Accept", "text/event-stream")
                    .header("MCP-Protocol-Version", REVISION).method(verb, HttpRequest.BodyPublishers.noBody()));
            assertThat(response.statusCode()).isEqualTo(405);
            assertThat(response.headers().firstValue("Allow")).hasValue("POST");
            assertThat(error(response).get("code")).isEqualTo(-32600);
        }
    }

    @Test
    void theStatefulWireIsUntouchedBesideTheStatelessOne() throws Exception {
        start();
        try (var client = new TestClient(url())) {
            var get = client.send(HttpRequest.newBuilder(url()).header("Accept", "text/event-stream").GET());
            assertThat(get.statusCode()).as("a GET naming no session is still the stateful wire's").isEqualTo(400);
            client.initialize("2025-11-25");
            var echo = client.postString(TestClient.call(1, "echo", false));
            assertThat(echo.statusCode()).isEqualTo(200);
            assertThat(echo.body()).contains("echo: hi 1");
        }
    }

    @Test
    void malformedJsonGetsAParseError() throws Exception {
        start();
        assertRefused(send(post("{\"jsonrpc\":", "tools/list", null)), 400, -32700, null);
    }

    @Test
    void notificationsAreRefusedBecauseClosingTheResponseIsHowAClientCancels() throws Exception {
        start();
        var cancelled = send(post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":3}}",
                "notifications/cancelled", null));
        assertThat((String) assertRefused(cancelled, 400, -32600, null).get("message"))
                .as("the words of the notification's row").contains("has no notifications/cancelled; cancel a request "
                        + "by closing its response");
        var other = send(post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\",\"params\":{\"_meta\":"
                + CODEC.writeValueAsString(meta()) + "}}", "notifications/initialized", null));
        assertThat((String) assertRefused(other, 400, -32600, null).get("message"))
                .as("a row that names nothing instead").contains("'notifications/initialized'")
                .doesNotContain("closing");
    }

    @Test
    void batchesAndResponsesAreNotRequests() throws Exception {
        start();
        assertRefused(send(post("[" + body(1, "tools/list", Map.of()) + "]", "tools/list", null)), 400, -32600, null);
        assertRefused(send(post("{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":{}}", null, null)), 400, -32600, null);
    }

    // --- the checks, in order (these need the engine's stateless side) -------------------------------------------

    @Test
    @SuppressWarnings("unchecked")
    void serverDiscoverIsAnsweredWithOneJsonBody() throws Exception {
        start();
        var response = send(post(body(201, "server/discover", Map.of()), "server/discover", null));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
        var message = object(response.body());
        assertThat(message.get("id")).isEqualTo(201);
        assertThat((Map<String, Object>) message.get("result")).containsKeys("supportedVersions", "capabilities");
        assertThat(response.headers().firstValue("Mcp-Session-Id")).isEmpty();
    }

    @Test
    void anEnvelopeMissingWhatItMustHoldGets400InvalidParams() throws Exception {
        start();
        assertRefused(send(post(body(101, "server/discover", Map.of(), null), "server/discover", null)), 400, -32602, 101);
        var noVersion = meta();
        noVersion.remove("io.modelcontextprotocol/protocolVersion");
        assertRefused(send(post(body(102, "server/discover", Map.of(), noVersion), "server/discover", null)), 400, -32602, 102);
        var noCapabilities = meta();
        noCapabilities.remove("io.modelcontextprotocol/clientCapabilities");
        assertRefused(send(post(body(104, "server/discover", Map.of(), noCapabilities), "server/discover", null)), 400, -32602, 104);
    }

    @Test
    void clientInfoIsOptional() throws Exception {
        start();
        var noInfo = meta();
        noInfo.remove("io.modelcontextprotocol/clientInfo");
        var response = send(post(body(105, "server/discover", Map.of(), noInfo), "server/discover", null));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(object(response.body())).containsKey("result");
    }

    @Test
    void aVersionHeaderThatDiffersFromTheEnvelopeIsAHeaderMismatch() throws Exception {
        start();
        var v999 = meta();
        v999.put("io.modelcontextprotocol/protocolVersion", "v999.0.0");
        assertRefused(send(post(body(302, "server/discover", Map.of(), v999), "server/discover", null)), 400, -32020, 302);
        var missing = HttpRequest.newBuilder(url()).header("Content-Type", "application/json").header("Accept", TestClient.BOTH)
                .header("Mcp-Method", "server/discover")
                .POST(HttpRequest.BodyPublishers.ofString(body(303, "server/discover", Map.of())));
        assertRefused(send(missing), 400, -32020, 303);
    }

    @Test
    @SuppressWarnings("unchecked")
    void anUnsupportedRevisionGets400NamingTheSupportedOnes() throws Exception {
        start();
        var v999 = meta();
        v999.put("io.modelcontextprotocol/protocolVersion", "v999.0.0");
        var response = send(post(body(301, "server/discover", Map.of(), v999), "server/discover", null)
                .setHeader("MCP-Protocol-Version", "v999.0.0"));
        var error = assertRefused(response, 400, -32022, 301);
        var data = (Map<?, ?>) error.get("data");
        assertThat(data.get("requested")).isEqualTo("v999.0.0");
        assertThat((List<Object>) data.get("supported")).contains(REVISION);
    }

    @Test
    void mcpMethodMustBePresentAndEqualTheBodysMethodCaseSensitively() throws Exception {
        start();
        assertRefused(send(post(body(1, "tools/list", Map.of()), null, null)), 400, -32020, 1);
        assertRefused(send(post(body(2, "tools/list", Map.of()), "prompts/list", null)), 400, -32020, 2);
        assertRefused(send(post(body(3, "tools/list", Map.of()), "TOOLS/LIST", null)), 400, -32020, 3);
    }

    @Test
    void headerNamesAreCaseInsensitive() throws Exception {
        start();
        for (String header : List.of("mcp-method", "MCP-METHOD")) {
            var request = HttpRequest.newBuilder(url()).header("Content-Type", "application/json")
                    .header("Accept", TestClient.BOTH).header("mcp-protocol-version", REVISION).header(header, "tools/list")
                    .POST(HttpRequest.BodyPublishers.ofString(body(5, "tools/list", Map.of())));
            var response = send(request);
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            assertThat(object(response.body())).containsKey("result");
        }
    }

    @Test
    void mcpNameMustBePresentAndEqualTheToolNameAfterTrimming() throws Exception {
        start();
        assertRefused(send(post(body(1, "tools/call", call("echo")), "tools/call", null)), 400, -32020, 1);
        assertRefused(send(post(body(2, "tools/call", call("echo")), "tools/call", "wrong_tool_name")), 400, -32020, 2);
        var trimmed = send(post(body(3, "tools/call", call("echo")), "tools/call", "  echo  "));
        assertThat(trimmed.statusCode()).as(trimmed.body()).isEqualTo(200);
        assertThat(trimmed.body()).contains("echo: hi");
    }

    @Test
    void anEarlierCheckWinsOverALaterOne() throws Exception {
        start();
        var noCapabilities = meta();
        noCapabilities.remove("io.modelcontextprotocol/clientCapabilities");
        assertRefused(send(post(body(1, "tools/list", Map.of(), noCapabilities), "prompts/list", null)), 400, -32602, 1);
        var v999 = meta();
        v999.put("io.modelcontextprotocol/protocolVersion", "v999.0.0");
        var mismatch = assertRefused(send(post(body(2, "tools/list", Map.of(), v999), "prompts/list", null)), 400, -32020, 2);
        assertThat((String) mismatch.get("message")).contains("MCP-Protocol-Version");
        assertRefused(send(post(body(3, "tools/list", Map.of(), v999), "prompts/list", null)
                .setHeader("MCP-Protocol-Version", "v999.0.0")), 400, -32022, 3);
        assertRefused(send(post(body(4, "unknown/method", Map.of()), "tools/list", null)), 400, -32020, 4);
    }

    @ParameterizedTest
    @ValueSource(strings = {"initialize", "ping", "logging/setLevel", "resources/subscribe", "resources/unsubscribe",
            "unknown/method"})
    void methodsTheRevisionDoesNotHaveGet404(String method) throws Exception {
        start();
        Map<String, Object> params = method.startsWith("resources/") ? Map.of("uri", "test://x")
                : method.equals("logging/setLevel") ? Map.of("level", "info") : Map.of();
        assertRefused(send(post(body(500, method, params), method, null)), 404, -32601, 500);
    }

    // --- answers, streams and cancellation ------------------------------------------------------------------------

    @Test
    void aToolSendingProgressIsAnsweredAsAnEventStreamEndingWithTheResult() throws Exception {
        start();
        var meta = meta();
        meta.put("progressToken", "p1");
        var response = http.send(post(body(7, "tools/call", call("progress"), meta), "tools/call", "progress").build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("text/event-stream");
        try (var events = new SseReader(response.body())) {
            int progress = 0;
            SseEvent event;
            Map<String, Object> last = null;
            while ((event = events.next()) != null) {
                last = object(event.data());
                if ("notifications/progress".equals(last.get("method"))) progress++;
                assertThat(last.get("method")).as("no log message without a logLevel").isNotEqualTo("notifications/message");
            }
            assertThat(progress).isEqualTo(3);
            assertThat(last).containsEntry("id", 7).containsKey("result");
        }
    }

    @Test
    void aListenStreamIsAcknowledgedAndCarriesAListChangedAfterARegistryChange() throws Exception {
        start(HttpOptions.defaults().withKeepAlive(Duration.ofMillis(100)));
        var listen = body(9, "subscriptions/listen", Map.of("notifications", Map.of("toolsListChanged", true)));
        var response = http.send(post(listen, "subscriptions/listen", null).build(), HttpResponse.BodyHandlers.ofInputStream());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("text/event-stream");
        try (var events = new SseReader(response.body())) {
            assertThat(object(events.next().data())).containsEntry("method", "notifications/subscriptions/acknowledged");
            assertThat(fixture.transport.statelessCallCount()).isEqualTo(1);
            fixture.addTool();
            var changed = object(events.next().data());
            assertThat(changed).containsEntry("method", "notifications/tools/list_changed");
        }
    }

    @Test
    void hangingUpCancelsTheCall() throws Exception {
        start(HttpOptions.defaults().withKeepAlive(Duration.ofMillis(50)));
        try (var socket = rawPost(body(11, "tools/call", call("slow")), "tools/call", "slow")) {
            assertThat(fixture.slowStarted.await(10, TimeUnit.SECONDS)).isTrue();
            socket.close();
            assertThat(fixture.slowInterrupted.await(10, TimeUnit.SECONDS)).isTrue();
        }
        awaitNoStatelessCalls();
    }

    @Test
    void hangingUpCancelsTheCallWithinAboutASecondWhateverTheKeepAlive() throws Exception {
        // The default keep-alive (15 s) is for streams; a call's connection is probed far sooner, so a client that
        // gives up on a long call stops it at once rather than when the call would have ended anyway.
        start(HttpOptions.defaults().withKeepAlive(Duration.ofMinutes(5)));
        try (var socket = rawPost(body(12, "tools/call", call("slow")), "tools/call", "slow")) {
            assertThat(fixture.slowStarted.await(10, TimeUnit.SECONDS)).isTrue();
            Thread.sleep(200);
            long hungUp = System.nanoTime();
            socket.close();
            assertThat(fixture.slowInterrupted.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(Duration.ofNanos(System.nanoTime() - hungUp)).as("from hang-up to cancellation")
                    .isLessThan(Duration.ofSeconds(3));
        }
        awaitNoStatelessCalls();
    }

    @Test
    void aKeptAliveConnectionCarriesTheNextRequestWholeAfterAStreamedAnswer() throws Exception {
        start(HttpOptions.defaults().withKeepAlive(Duration.ofMinutes(5)));
        try (var socket = rawPost(body(14, "tools/call", call("gated")), "tools/call", "gated")) {
            assertThat(fixture.gatedStarted.await(10, TimeUnit.SECONDS)).isTrue();
            fixture.openGate();
            var in = socket.getInputStream();
            String first = readResponse(in);
            assertThat(first).startsWith("HTTP/1.1 200").contains("gated done");
            // The same connection, kept alive: the next request arrives whole.
            String next = body(15, "tools/call", Map.of("name", "echo", "arguments", Map.of("text", "again")));
            byte[] payload = next.getBytes(StandardCharsets.UTF_8);
            String head = "POST " + url().getPath() + " HTTP/1.1\r\nHost: 127.0.0.1:" + fixture.transport.port()
                    + "\r\nContent-Type: application/json\r\nAccept: " + TestClient.BOTH + "\r\nMCP-Protocol-Version: "
                    + REVISION + "\r\nMcp-Method: tools/call\r\nMcp-Name: echo\r\nContent-Length: " + payload.length
                    + "\r\n\r\n";
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().write(payload);
            socket.getOutputStream().flush();
            assertThat(readResponse(in)).startsWith("HTTP/1.1 200").contains("echo: again");
        }
    }

    /** One HTTP/1.1 response with a Content-Length or a chunked body (read to its last chunk), as text. */
    private static String readResponse(java.io.InputStream in) throws Exception {
        var text = new StringBuilder();
        var line = new StringBuilder();
        int length = -1;
        boolean chunked = false;
        while (true) {
            int b = in.read();
            if (b < 0) return text.toString();
            text.append((char) b);
            if (b != '\n') {
                line.append((char) b);
                continue;
            }
            String header = line.toString().strip();
            line.setLength(0);
            if (header.isEmpty()) break;
            if (header.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(header.substring(15).strip());
            }
            if (header.toLowerCase(java.util.Locale.ROOT).startsWith("transfer-encoding:")) chunked = true;
        }
        if (length >= 0) {
            text.append(new String(in.readNBytes(length), StandardCharsets.UTF_8));
            return text.toString();
        }
        if (chunked) {
            while (true) {
                var size = new StringBuilder();
                for (int b; (b = in.read()) != '\n'; ) size.append((char) b);
                int n = Integer.parseInt(size.toString().strip(), 16);
                text.append(new String(in.readNBytes(n), StandardCharsets.UTF_8));
                in.readNBytes(2);
                if (n == 0) return text.toString();
            }
        }
        return text.toString();
    }

    @Test
    void hangingUpEndsAListenStream() throws Exception {
        start(HttpOptions.defaults().withKeepAlive(Duration.ofMillis(50)));
        var listen = body(12, "subscriptions/listen", Map.of("notifications", Map.of("toolsListChanged", true)));
        try (var socket = rawPost(listen, "subscriptions/listen", null)) {
            var in = socket.getInputStream();
            // The acknowledgement arrives on the stream before the hang-up.
            assertThat(new String(in.readNBytes(12), StandardCharsets.US_ASCII)).startsWith("HTTP/1.1 200");
            assertThat(fixture.transport.statelessCallCount()).isEqualTo(1);
        }
        awaitNoStatelessCalls();
    }

    @Test
    void moreCallsThanTheBoundGet503EchoingTheId() throws Exception {
        start(HttpOptions.defaults().withMaxStatelessCalls(1));
        var slow = http.sendAsync(post(body(20, "tools/call", call("slow")), "tools/call", "slow").build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(fixture.slowStarted.await(10, TimeUnit.SECONDS)).isTrue();
        assertRefused(send(post(body(21, "tools/list", Map.of()), "tools/list", null)), 503, -32000, 21);
        slow.cancel(true);
    }

    private Socket rawPost(String json, String method, String name) throws Exception {
        var socket = new Socket("127.0.0.1", fixture.transport.port());
        byte[] payload = json.getBytes(StandardCharsets.UTF_8);
        String head = "POST " + url().getPath() + " HTTP/1.1\r\nHost: 127.0.0.1:" + fixture.transport.port()
                + "\r\nContent-Type: application/json\r\nAccept: " + TestClient.BOTH + "\r\nMCP-Protocol-Version: "
                + REVISION + "\r\nMcp-Method: " + method + "\r\n" + (name == null ? "" : "Mcp-Name: " + name + "\r\n")
                + "Content-Length: " + payload.length + "\r\n\r\n";
        OutputStream out = socket.getOutputStream();
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        out.write(payload);
        out.flush();
        return socket;
    }

    private void awaitNoStatelessCalls() throws InterruptedException {
        var never = new CountDownLatch(1);
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (fixture.transport.statelessCallCount() > 0 && System.nanoTime() < deadline) {
            never.await(20, TimeUnit.MILLISECONDS);
        }
        assertThat(fixture.transport.statelessCallCount()).isZero();
    }
}
