package dev.jmcp.server;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.methods.Methods;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.session.ServerSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** The stateless revision 2026-07-28 over a connection with no initialize, as a stdio client speaks it. */
@Timeout(30)
class StatelessEngineTest {
    private static final String V = "2026-07-28";

    private final TestContributions plugins = new TestContributions();
    private final AtomicReference<Registry> registry = new AtomicReference<>(Registry.of(List.of(plugins.contribution(0))));
    private final MemoryConnection client = new MemoryConnection();
    private final ServerOptions options = ServerOptions.defaults("stateless-test", Path.of("unused"));
    private final Engine engine = new Engine(options, registry::get, Methods.table(options));
    private final ServerSession session = engine.openSession(client);
    private int ids;

    @AfterEach
    void close() {
        session.close();
    }

    private static Map<String, Object> meta(Map<String, Object> capabilities, String logLevel) {
        var meta = new LinkedHashMap<String, Object>();
        meta.put("io.modelcontextprotocol/protocolVersion", V);
        meta.put("io.modelcontextprotocol/clientInfo", Map.of("name", "t", "version", "1"));
        meta.put("io.modelcontextprotocol/clientCapabilities", capabilities);
        if (logLevel != null) meta.put("io.modelcontextprotocol/logLevel", logLevel);
        return meta;
    }

    private Map<String, Object> request(String method, Map<String, Object> params) throws InterruptedException {
        int id = ++ids;
        send(Map.of("jsonrpc", "2.0", "id", id, "method", method, "params", params));
        Map<String, Object> message;
        do {
            message = client.nextObject();
        } while (!Integer.valueOf(id).equals(message.get("id")));
        return message;
    }

    private void send(Map<String, Object> message) {
        byte[] bytes = JsonCodec.shared().writeValueAsString(message).getBytes(StandardCharsets.UTF_8);
        session.receive(bytes, 0, bytes.length);
    }

    private static Map<String, Object> with(Map<String, Object> params, Map<String, Object> meta) {
        var all = new LinkedHashMap<>(params);
        all.put("_meta", meta);
        return all;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> result(Map<String, Object> response) {
        assertThat(response).containsKey("result");
        return (Map<String, Object>) response.get("result");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> error(Map<String, Object> response) {
        assertThat(response).containsKey("error");
        return (Map<String, Object>) response.get("error");
    }

    @Test
    void discoverSaysWhatTheServerSpeaksAndOffers() throws Exception {
        var result = result(request("server/discover", Map.of("_meta", meta(Map.of(), null))));
        assertThat(result).containsEntry("resultType", "complete").containsEntry("cacheScope", "public")
                .containsKeys("ttlMs", "capabilities");
        assertThat(result.get("supportedVersions").toString()).contains(V, "2025-11-25");
        assertThat(result.get("_meta").toString()).contains("io.modelcontextprotocol/serverInfo", "stateless-test");
    }

    @Test
    void anEnvelopeWithoutVersionOrCapabilitiesIsInvalidParamsAndClientInfoIsOptional() throws Exception {
        var noCapabilities = new LinkedHashMap<>(meta(Map.of(), null));
        noCapabilities.remove("io.modelcontextprotocol/clientCapabilities");
        var refused = error(request("tools/list", Map.of("_meta", noCapabilities)));
        assertThat(refused.get("code")).isEqualTo(-32602);
        assertThat((String) refused.get("message")).contains("clientCapabilities");
        var noInfo = new LinkedHashMap<>(meta(Map.of(), null));
        noInfo.remove("io.modelcontextprotocol/clientInfo");
        assertThat(result(request("tools/list", Map.of("_meta", noInfo)))).containsKey("tools");
    }

    @Test
    void anUnsupportedVersionIsRefusedWithTheSupportedOnes() throws Exception {
        var meta = new LinkedHashMap<>(meta(Map.of(), null));
        meta.put("io.modelcontextprotocol/protocolVersion", "v999.0.0");
        var refused = error(request("server/discover", Map.of("_meta", meta)));
        assertThat(refused.get("code")).isEqualTo(-32022);
        assertThat(refused.get("data").toString()).contains("requested=v999.0.0", V);
    }

    @Test
    void methodsTheRevisionRemovedAreMethodNotFound() throws Exception {
        for (String removed : List.of("initialize", "ping", "logging/setLevel", "resources/subscribe",
                "resources/unsubscribe", "no/such/method")) {
            var refused = error(request(removed, Map.of("_meta", meta(Map.of(), null), "uri", "test://static")));
            assertThat(refused.get("code")).as(removed).isEqualTo(-32601);
        }
    }

    @Test
    void resultsSayTheyAreCompleteAndListsAndReadsCarryCacheHints() throws Exception {
        var list = result(request("tools/list", Map.of("_meta", meta(Map.of(), null))));
        assertThat(list).containsEntry("resultType", "complete").containsKeys("ttlMs", "cacheScope", "tools");
        var read = result(request("resources/read", with(Map.of("uri", "test://static"), meta(Map.of(), null))));
        assertThat(read).containsEntry("ttlMs", 0).containsEntry("cacheScope", "public");
        var call = result(request("tools/call", with(Map.of("name", "echo", "arguments", Map.of("text", "hi")),
                meta(Map.of(), null))));
        assertThat(call).containsEntry("resultType", "complete");
        assertThat(call.toString()).contains("echo: hi");
    }

    @Test
    void anUnknownResourceIsInvalidParamsNamingItsUri() throws Exception {
        var refused = error(request("resources/read", with(Map.of("uri", "test://nowhere"), meta(Map.of(), null))));
        assertThat(refused.get("code")).isEqualTo(-32602);
        assertThat(refused.get("data")).isEqualTo(Map.of("uri", "test://nowhere"));
    }

    @Test
    void progressGoesOutOnTheRequestAndLogsOnlyWhenTheRequestAsksForThem() throws Exception {
        var withToken = new LinkedHashMap<>(meta(Map.of(), null));
        withToken.put("progressToken", "p");
        send(Map.of("jsonrpc", "2.0", "id", 50, "method", "tools/call", "params",
                Map.of("name", "progress", "_meta", withToken)));
        assertThat(client.nextObject().get("method")).isEqualTo("notifications/progress");
        assertThat(client.nextObject().get("method")).isEqualTo("notifications/progress");
        assertThat(client.nextObject().get("method")).isEqualTo("notifications/progress");
        assertThat(result(client.nextObject())).containsEntry("resultType", "complete");

        send(Map.of("jsonrpc", "2.0", "id", 51, "method", "tools/call", "params", Map.of("name", "log",
                "_meta", meta(Map.of(), null))));
        assertThat(client.nextObject()).containsEntry("id", 51);
        send(Map.of("jsonrpc", "2.0", "id", 52, "method", "tools/call", "params", Map.of("name", "log",
                "_meta", meta(Map.of(), "alert"))));
        assertThat(client.nextObject().toString()).contains("notifications/message", "alert");
        assertThat(client.nextObject().toString()).contains("notifications/message", "emergency");
        assertThat(client.nextObject()).containsEntry("id", 52);
    }

    @SuppressWarnings("unchecked")
    @Test
    void aQuestionToTheClientEndsTheFirstRoundAndTheAnswerCompletesTheNext() throws Exception {
        var capabilities = Map.<String, Object>of("elicitation", Map.of());
        var first = result(request("tools/call", with(Map.of("name", "two_steps", "arguments", Map.of()),
                meta(capabilities, null))));
        assertThat(first).containsEntry("resultType", "input_required").containsKey("requestState");
        var asked = (Map<String, Object>) first.get("inputRequests");
        assertThat(asked).containsOnlyKeys("step1");
        assertThat(asked.get("step1").toString()).contains("elicitation/create", "Name?");

        var second = result(request("tools/call", with(Map.of("name", "two_steps", "arguments", Map.of(),
                "inputResponses", Map.of("step1", Map.of("action", "accept", "content", Map.of("v", "Ada"))),
                "requestState", first.get("requestState")), meta(capabilities, null))));
        assertThat(second).containsEntry("resultType", "input_required");
        assertThat((Map<String, Object>) second.get("inputRequests")).containsOnlyKeys("step2");
        assertThat(second.get("requestState")).isNotEqualTo(first.get("requestState"));

        var third = result(request("tools/call", with(Map.of("name", "two_steps", "arguments", Map.of(),
                "inputResponses", Map.of("step2", Map.of("action", "accept", "content", Map.of("v", "green"))),
                "requestState", second.get("requestState")), meta(capabilities, null))));
        assertThat(third).containsEntry("resultType", "complete");
        assertThat(third.toString()).contains("Ada likes green");
    }

    @Test
    void anAlteredRequestStateIsRefused() throws Exception {
        var capabilities = Map.<String, Object>of("elicitation", Map.of());
        var first = result(request("tools/call", with(Map.of("name", "two_steps", "arguments", Map.of()),
                meta(capabilities, null))));
        var tampered = error(request("tools/call", with(Map.of("name", "two_steps", "arguments", Map.of(),
                "inputResponses", Map.of("step1", Map.of("action", "accept", "content", Map.of("v", "x"))),
                "requestState", first.get("requestState") + "-TAMPERED"), meta(capabilities, null))));
        assertThat(tampered.get("code")).isEqualTo(-32602);
        assertThat((String) tampered.get("message")).contains("requestState");
    }

    @Test
    void aRequestStateSealedForOneToolIsRefusedByAnotherToolAndAnotherMethod() throws Exception {
        var capabilities = Map.<String, Object>of("elicitation", Map.of());
        var first = result(request("tools/call", with(Map.of("name", "two_steps", "arguments", Map.of()),
                meta(capabilities, null))));
        Object state = first.get("requestState");
        // What the state is bound to is what the method's row says it names: the tool for tools/call, the prompt
        // (by the same field, name) for prompts/get; both must fail to open it.
        for (var other : List.of(Map.entry("tools/call", "echo"), Map.entry("prompts/get", "two_steps"))) {
            var refused = error(request(other.getKey(), with(Map.of("name", other.getValue(), "arguments", Map.of(),
                    "requestState", state), meta(capabilities, null))));
            assertThat(refused.get("code")).as(other.toString()).isEqualTo(-32602);
            assertThat((String) refused.get("message")).as(other.toString()).contains("belongs to another request");
        }
    }

    @Test
    void anAnswerOfTheWrongShapeIsAskedForAgain() throws Exception {
        var capabilities = Map.<String, Object>of("elicitation", Map.of());
        var again = result(request("tools/call", with(Map.of("name", "two_steps", "arguments", Map.of(),
                "inputResponses", Map.of("step1", 12345)), meta(capabilities, null))));
        assertThat(again).containsEntry("resultType", "input_required");
    }

    @Test
    void askingForACapabilityTheRequestLacksIsMissingClientCapability() throws Exception {
        var refused = error(request("tools/call", with(Map.of("name", "sample"), meta(Map.of(), null))));
        assertThat(refused.get("code")).isEqualTo(-32021);
        assertThat(refused.get("data")).isEqualTo(Map.of("requiredCapabilities", Map.of("sampling", Map.of())));
    }

    @SuppressWarnings("unchecked")
    @Test
    void aListenStreamIsAcknowledgedAndGetsOnlyTheChangesItAskedForTagged() throws Exception {
        send(Map.of("jsonrpc", "2.0", "id", "listen-1", "method", "subscriptions/listen", "params",
                with(Map.of("notifications", Map.of("toolsListChanged", true)), meta(Map.of(), null))));
        var ack = client.nextObject();
        assertThat(ack.get("method")).isEqualTo("notifications/subscriptions/acknowledged");
        var params = (Map<String, Object>) ack.get("params");
        assertThat(params.get("notifications")).isEqualTo(Map.of("toolsListChanged", true));
        assertThat(params.get("_meta")).isEqualTo(Map.of("io.modelcontextprotocol/subscriptionId", "listen-1"));

        var before = registry.get();
        var after = Registry.of(List.of(plugins.contribution(1)));
        registry.set(after);
        engine.registryChanged(before, after);
        var changed = client.nextObject();
        assertThat(changed.get("method")).isEqualTo("notifications/tools/list_changed");
        assertThat(changed.get("params").toString()).contains("listen-1");

        send(Map.of("jsonrpc", "2.0", "method", "notifications/cancelled", "params", Map.of("requestId", "listen-1")));
        // A listen stream is not what awaitIdle waits for (a shutdown does not wait for one): wait for it to end.
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (session.requestsInFlight() > 0) {
            assertThat(System.nanoTime()).as("the cancelled listen stream ends within 5 s").isLessThan(deadline);
            Thread.onSpinWait();
            Thread.yield();
        }
        engine.registryChanged(after, before);
        assertThat(client.poll(200)).isNull();
    }
}
