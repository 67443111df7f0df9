package dev.jmcp.server;

import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.methods.Methods;
import dev.jmcp.server.observe.CallSpan;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.session.ServerSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** The engine over an in-memory connection: every method, notification and bad input of the stateful revisions. */
@Timeout(30)
class EngineTest {
    private final TestContributions plugins = new TestContributions();
    private final AtomicReference<Registry> registry = new AtomicReference<>(Registry.of(List.of(plugins.contribution(0))));
    private final MemoryConnection client = new MemoryConnection();
    private Engine engine = engine(100);
    private ServerSession session = engine.openSession(client);

    private Engine engine(int pageSize) {
        var options = ServerOptions.defaults("test-server", Path.of("unused")).withPageSize(pageSize);
        return new Engine(options, registry::get, Methods.table(options));
    }

    @AfterEach
    void close() {
        session.close();
    }

    private void send(String json) {
        MemoryConnection.deliver(session, json);
    }

    private Map<String, Object> initialize(String version, String capabilities) throws InterruptedException {
        send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"" + version
                + "\",\"capabilities\":" + capabilities + ",\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
        var response = client.nextObject();
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return response;
    }

    private Map<String, Object> request(int id, String method, String params) throws InterruptedException {
        send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}");
        return client.nextObject();
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

    @SuppressWarnings("unchecked")
    private static String text(Map<String, Object> callResult) {
        var content = (List<Map<String, Object>>) callResult.get("content");
        return (String) content.getFirst().get("text");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"})
    void initializeAnswersTheClientsVersionWhenSupported(String version) throws Exception {
        var result = result(initialize(version, "{}"));
        assertThat(result.get("protocolVersion")).isEqualTo(version);
        assertThat(result).containsKeys("capabilities", "serverInfo");
        @SuppressWarnings("unchecked")
        var capabilities = (Map<String, Object>) result.get("capabilities");
        assertThat(capabilities).containsKeys("tools", "prompts", "resources", "logging");
        assertThat(capabilities.containsKey("completions")).isEqualTo(!version.equals("2024-11-05"));
    }

    @Test
    void initializeAnswersTheNewestVersionForAnUnknownOne() throws Exception {
        assertThat(result(initialize("1999-01-01", "{}")).get("protocolVersion")).isEqualTo("2025-11-25");
    }

    @Test
    void initializeWithoutAVersionIsInvalidParams() throws Exception {
        var response = request(1, "initialize", "{\"capabilities\":{}}");
        assertThat(error(response).get("code")).isEqualTo(-32602);
        assertThat((String) error(response).get("message")).contains("protocolVersion");
    }

    @Test
    void requestsBeforeInitializeAreRefusedButPingIsAnswered() throws Exception {
        var refused = request(1, "tools/list", "{}");
        assertThat(error(refused).get("code")).isEqualTo(-32600);
        assertThat((String) error(refused).get("message")).contains("initialize");
        assertThat(result(request(2, "ping", "{}"))).isEmpty();
    }

    @Test
    void aSecondInitializeIsRefused() throws Exception {
        initialize("2025-11-25", "{}");
        var again = request(5, "initialize", "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{}}");
        assertThat(error(again).get("code")).isEqualTo(-32600);
        assertThat((String) error(again).get("message")).contains("already initialized");
    }

    @Test
    void toolListsPageWithOpaqueCursorsInNameOrder() throws Exception {
        registry.set(Registry.of(List.of(plugins.contribution(7))));
        engine = engine(4);
        session = engine.openSession(client);
        initialize("2025-11-25", "{}");
        var names = new java.util.ArrayList<String>();
        String cursor = null;
        int pages = 0;
        do {
            var result = result(request(10 + pages, "tools/list", cursor == null ? "{}" : "{\"cursor\":\"" + cursor + "\"}"));
            @SuppressWarnings("unchecked")
            var tools = (List<Map<String, Object>>) result.get("tools");
            assertThat(tools).hasSizeLessThanOrEqualTo(4);
            tools.forEach(t -> names.add((String) t.get("name")));
            cursor = (String) result.get("nextCursor");
            pages++;
        } while (cursor != null && pages < 10);
        assertThat(names).hasSize(19).isSorted().doesNotHaveDuplicates();
        assertThat(pages).isEqualTo(5);
    }

    @Test
    void anInvalidCursorIsInvalidParams() throws Exception {
        initialize("2025-11-25", "{}");
        var response = request(1, "tools/list", "{\"cursor\":\"not-a-cursor!\"}");
        assertThat(error(response).get("code")).isEqualTo(-32602);
        assertThat((String) error(response).get("message")).contains("cursor");
    }

    @Test
    void aToolIsCalledWithItsArguments() throws Exception {
        initialize("2025-11-25", "{}");
        var result = result(request(1, "tools/call", "{\"name\":\"echo\",\"arguments\":{\"text\":\"hi\"}}"));
        assertThat(text(result)).isEqualTo("echo: hi");
        assertThat(result).doesNotContainKey("isError");
    }

    @Test
    void anUnknownToolIsInvalidParams() throws Exception {
        initialize("2025-11-25", "{}");
        var response = request(1, "tools/call", "{\"name\":\"nope\",\"arguments\":{}}");
        assertThat(error(response).get("code")).isEqualTo(-32602);
        assertThat((String) error(response).get("message")).contains("nope");
    }

    @Test
    void invalidArgumentsAreAToolErrorIn20251125() throws Exception {
        initialize("2025-11-25", "{}");
        var result = result(request(1, "tools/call", "{\"name\":\"echo\",\"arguments\":{}}"));
        assertThat(result.get("isError")).isEqualTo(true);
        assertThat(text(result)).contains("'text'");
    }

    @Test
    void invalidArgumentsAreInvalidParamsBefore20251125() throws Exception {
        initialize("2025-06-18", "{}");
        var response = request(1, "tools/call", "{\"name\":\"echo\",\"arguments\":{}}");
        assertThat(error(response).get("code")).isEqualTo(-32602);
        assertThat((String) error(response).get("message")).contains("'text'");
    }

    @Test
    void aFailingToolAnswersAnErrorResultWithItsMessage() throws Exception {
        initialize("2025-11-25", "{}");
        var failed = result(request(1, "tools/call", "{\"name\":\"fail\"}"));
        assertThat(failed.get("isError")).isEqualTo(true);
        assertThat(text(failed)).isEqualTo("it broke on purpose");
        var crashed = result(request(2, "tools/call", "{\"name\":\"crash\"}"));
        assertThat(crashed.get("isError")).isEqualTo(true);
        assertThat(text(crashed)).contains("unexpected state").doesNotContain("at dev.jmcp");
    }

    @Test
    void cancelledCallInterruptsToolThreadAndSendsNoResponse() throws Exception {
        initialize("2025-11-25", "{}");
        send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"slow\"}}");
        assertThat(plugins.slowStarted.await(5, TimeUnit.SECONDS)).isTrue();
        // A slow tool never delays a ping.
        assertThat(result(request(8, "ping", "{}"))).isEmpty();
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":7,\"reason\":\"user\"}}");
        assertThat(plugins.slowInterrupted.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(session.awaitIdle(java.time.Duration.ofSeconds(5))).isTrue();
        assertThat(client.poll(200)).isNull();
    }

    @Test
    void progressIsReportedOnlyWithAProgressToken() throws Exception {
        initialize("2025-11-25", "{}");
        send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"progress\",\"_meta\":{\"progressToken\":\"p1\"}}}");
        for (int i = 1; i <= 3; i++) {
            var note = client.nextObject();
            assertThat(note.get("method")).isEqualTo("notifications/progress");
            assertThat(note.get("params")).isEqualTo(Map.of("progressToken", "p1", "progress", (double) i,
                    "total", 3.0, "message", "step " + i));
        }
        assertThat(text(result(client.nextObject()))).isEqualTo("done");
        assertThat(text(result(request(2, "tools/call", "{\"name\":\"progress\"}")))).isEqualTo("done");
    }

    @Test
    void logMessagesHonourTheLevelTheClientSet() throws Exception {
        initialize("2025-11-25", "{}");
        assertThat(result(request(1, "logging/setLevel", "{\"level\":\"error\"}"))).isEmpty();
        send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"log\"}}");
        var levels = new java.util.ArrayList<Object>();
        Map<String, Object> message;
        while ((message = client.nextObject()).containsKey("method")) {
            @SuppressWarnings("unchecked")
            var params = (Map<String, Object>) message.get("params");
            levels.add(params.get("level"));
        }
        assertThat(levels).containsExactly("error", "critical", "alert", "emergency");
        assertThat(error(request(3, "logging/setLevel", "{\"level\":\"loud\"}")).get("code")).isEqualTo(-32602);
    }

    @SuppressWarnings("unchecked")
    @Test
    void samplingAsksTheClientAndWaitsForItsAnswer() throws Exception {
        initialize("2025-11-25", "{\"sampling\":{}}");
        send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"sample\"}}");
        var ask = client.nextObject();
        assertThat(ask.get("method")).isEqualTo("sampling/createMessage");
        assertThat(((Map<String, Object>) ask.get("params")).get("maxTokens")).isEqualTo(10);
        send("{\"jsonrpc\":\"2.0\",\"id\":\"" + ask.get("id") + "\",\"result\":{\"role\":\"assistant\","
                + "\"content\":{\"type\":\"text\",\"text\":\"4\"},\"model\":\"m\"}}");
        assertThat(text(result(client.nextObject()))).isEqualTo("model said: 4");
    }

    @Test
    void aPluginAskingForAnUndeclaredCapabilityGetsAClearError() throws Exception {
        initialize("2025-11-25", "{}");
        var result = result(request(1, "tools/call", "{\"name\":\"sample\"}"));
        assertThat(result.get("isError")).isEqualTo(true);
        assertThat(text(result)).contains("sampling capability");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2024-11-05", "2025-03-26"})
    void aToolElicitingOnARevisionWithoutElicitationIsToldTheRevisionLacksIt(String revision) throws Exception {
        initialize(revision, "{\"elicitation\":{}}");
        var result = result(request(1, "tools/call", "{\"name\":\"elicit\"}"));
        assertThat(result.get("isError")).isEqualTo(true);
        assertThat(text(result)).contains("protocol " + revision + " has no elicitation").doesNotContain("declare");
    }

    @Test
    void elicitationReturnsTheUsersAnswer() throws Exception {
        initialize("2025-06-18", "{\"elicitation\":{}}");
        send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"elicit\"}}");
        var ask = client.nextObject();
        assertThat(ask.get("method")).isEqualTo("elicitation/create");
        send("{\"jsonrpc\":\"2.0\",\"id\":\"" + ask.get("id") + "\",\"result\":{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}}");
        assertThat(text(result(client.nextObject()))).isEqualTo("accept {name=Ada}");
    }

    @Test
    void aClientThatDoesNotAnswerRootsInTimeIsToldTheRequestIsCancelled() throws Exception {
        initialize("2025-11-25", "{\"roots\":{\"listChanged\":true}}");
        send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"roots\",\"arguments\":{\"timeoutMs\":100}}}");
        var ask = client.nextObject();
        assertThat(ask.get("method")).isEqualTo("roots/list");
        var cancelled = client.nextObject();
        assertThat(cancelled.get("method")).isEqualTo("notifications/cancelled");
        var result = result(client.nextObject());
        assertThat(result.get("isError")).isEqualTo(true);
        assertThat(text(result)).contains("within 100 ms");
        // The late answer is dropped, not mistaken for anything else.
        send("{\"jsonrpc\":\"2.0\",\"id\":\"" + ask.get("id") + "\",\"result\":{\"roots\":[]}}");
        assertThat(result(request(2, "ping", "{}"))).isEmpty();
    }

    @Test
    void promptsAreRenderedWithTheirArguments() throws Exception {
        initialize("2025-11-25", "{}");
        var result = result(request(1, "prompts/get", "{\"name\":\"greet\",\"arguments\":{\"name\":\"Ada\"}}"));
        assertThat(result.toString()).contains("Say hello to Ada");
        var missing = request(2, "prompts/get", "{\"name\":\"greet\"}");
        assertThat(error(missing).get("code")).isEqualTo(-32602);
        assertThat((String) error(missing).get("message")).contains("'name'");
        assertThat(error(request(3, "prompts/get", "{\"name\":\"nope\"}")).get("code")).isEqualTo(-32602);
    }

    @Test
    void resourcesAreReadByUriOrTemplateAndMissingOnesAreNotFound() throws Exception {
        initialize("2025-11-25", "{}");
        assertThat(result(request(1, "resources/read", "{\"uri\":\"test://static\"}")).toString()).contains("static text");
        assertThat(result(request(2, "resources/read", "{\"uri\":\"test://items/42\"}")).toString()).contains("item 42");
        var missing = error(request(3, "resources/read", "{\"uri\":\"test://items/missing\"}"));
        assertThat(missing.get("code")).isEqualTo(-32002);
        assertThat(error(request(4, "resources/read", "{\"uri\":\"test://nowhere\"}")).get("code")).isEqualTo(-32002);
        assertThat(result(request(5, "resources/templates/list", "{}")).toString()).contains("test://items/{id}");
    }

    @Test
    void subscribersAreToldWhenAResourceChanges() throws Exception {
        initialize("2025-11-25", "{}");
        assertThat(result(request(1, "resources/subscribe", "{\"uri\":\"test://static\"}"))).isEmpty();
        send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"touch\",\"arguments\":{\"uri\":\"test://static\"}}}");
        var first = client.nextObject();
        var second = client.nextObject();
        var updated = first.containsKey("method") ? first : second;
        assertThat(updated.get("method")).isEqualTo("notifications/resources/updated");
        assertThat(updated.get("params")).isEqualTo(Map.of("uri", "test://static"));
        assertThat(result(request(3, "resources/unsubscribe", "{\"uri\":\"test://static\"}"))).isEmpty();
        assertThat(text(result(request(4, "tools/call", "{\"name\":\"touch\",\"arguments\":{\"uri\":\"test://static\"}}"))))
                .isEqualTo("touched");
    }

    @Test
    void completionSuggestsValues() throws Exception {
        initialize("2025-11-25", "{}");
        var result = result(request(1, "completion/complete",
                "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"greet\"},\"argument\":{\"name\":\"name\",\"value\":\"al\"}}"));
        assertThat(result.toString()).contains("Alice", "Albert").doesNotContain("Bob");
        var unknown = request(2, "completion/complete",
                "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"zzz\"},\"argument\":{\"name\":\"name\",\"value\":\"\"}}");
        assertThat(error(unknown).get("code")).isEqualTo(-32602);
    }

    @Test
    void malformedJsonIsAParseErrorWithANullId() throws Exception {
        send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":");
        var response = client.nextObject();
        assertThat(response).containsEntry("id", null);
        assertThat(error(response).get("code")).isEqualTo(-32700);
        assertThat(result(request(2, "ping", "{}"))).isEmpty();
    }

    @Test
    void jsonThatIsNotARequestIsInvalid() throws Exception {
        send("{\"jsonrpc\":\"2.0\",\"id\":3}");
        var response = client.nextObject();
        assertThat(response.get("id")).isEqualTo(3);
        assertThat(error(response).get("code")).isEqualTo(-32600);
        send("42");
        assertThat(error(client.nextObject()).get("code")).isEqualTo(-32600);
        send("{\"jsonrpc\":\"1.0\",\"id\":4,\"method\":\"ping\"}");
        assertThat(error(client.nextObject()).get("code")).isEqualTo(-32600);
    }

    @Test
    void anUnknownMethodIsMethodNotFound() throws Exception {
        initialize("2025-11-25", "{}");
        var response = request(1, "tools/explode", "{}");
        assertThat(error(response).get("code")).isEqualTo(-32601);
        assertThat((String) error(response).get("message")).contains("tools/explode");
    }

    @Test
    void aDuplicateIdInFlightIsRefusedAndTheFirstStillAnswered() throws Exception {
        initialize("2025-11-25", "{}");
        send("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":\"slow\"}}");
        assertThat(plugins.slowStarted.await(5, TimeUnit.SECONDS)).isTrue();
        var duplicate = request(9, "ping", "{}");
        assertThat(error(duplicate).get("code")).isEqualTo(-32600);
        assertThat((String) error(duplicate).get("message")).contains("already in use");
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":9}}");
        assertThat(plugins.slowInterrupted.await(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void anIdIsFreeAgainOnceItsAnswerHasGoneOutThoughItsHandlerHasNotEnded() throws Exception {
        // An observer that holds the end of each ping keeps its handler running after its answer went out.
        var ending = new CountDownLatch(1);
        var held = new CountDownLatch(2);
        engine.observe(call -> !call.method().equals("ping") ? CallSpan.NONE : outcome -> {
            held.countDown();
            try {
                ending.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        initialize("2025-11-25", "{}");
        assertThat(result(request(5, "ping", "{}"))).isEmpty();
        // A client that counts its ids per call sends the next request under the same id as soon as it has the answer.
        assertThat(result(request(5, "ping", "{}"))).isEmpty();
        assertThat(held.await(5, TimeUnit.SECONDS)).isTrue();
        // Both handlers still hold their slots until they end; a cancellation of the answered id finds nothing to stop.
        assertThat(session.requestsInFlight()).isEqualTo(2);
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":5}}");
        ending.countDown();
        assertThat(result(request(6, "ping", "{}"))).isEmpty();
    }

    @Test
    void aResponseToARequestNeverSentIsDropped() throws Exception {
        initialize("2025-11-25", "{}");
        send("{\"jsonrpc\":\"2.0\",\"id\":\"jmcp-999\",\"result\":{}}");
        assertThat(result(request(1, "ping", "{}"))).isEmpty();
    }

    @SuppressWarnings("unchecked")
    @Test
    void batchesAreAnsweredAsOneArrayIn20250326() throws Exception {
        initialize("2025-03-26", "{}");
        send("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"},{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\"},"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":{\"text\":\"b\"}}}]");
        var answers = (List<Map<String, Object>>) client.next();
        assertThat(answers).extracting(a -> a.get("id")).containsExactlyInAnyOrder(1, 2);
    }

    @Test
    void batchesAreRefusedByRevisionsWithoutThem() throws Exception {
        initialize("2025-06-18", "{}");
        send("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]");
        var response = client.nextObject();
        assertThat(error(response).get("code")).isEqualTo(-32600);
        assertThat((String) error(response).get("message")).contains("batches");
    }

    @Test
    void aRegistryChangeSendsListChangedForTheKindsThatChanged() throws Exception {
        initialize("2025-11-25", "{}");
        var before = registry.get();
        var after = Registry.of(List.of(plugins.contribution(2)));
        registry.set(after);
        engine.registryChanged(before, after);
        assertThat(client.nextObject().get("method")).isEqualTo("notifications/tools/list_changed");
        assertThat(client.poll(100)).isNull();
    }

    @Test
    void structuredContentThatBreaksTheOutputSchemaIsAToolError() throws Exception {
        initialize("2025-11-25", "{}");
        var good = result(request(1, "tools/call", "{\"name\":\"structured\",\"arguments\":{\"out\":{\"celsius\":21.5}}}"));
        assertThat(good).doesNotContainKey("isError").containsEntry("structuredContent", Map.of("celsius", 21.5));
        var wrongType = result(request(2, "tools/call", "{\"name\":\"structured\",\"arguments\":{\"out\":{\"celsius\":\"warm\"}}}"));
        assertThat(wrongType.get("isError")).isEqualTo(true);
        assertThat(text(wrongType)).contains("outputSchema", "'celsius'");
        var missing = result(request(3, "tools/call", "{\"name\":\"structured\",\"arguments\":{}}"));
        assertThat(text(missing)).contains("no structuredContent");
    }

    @Test
    void olderRevisionsSeeToolsAndResultsAsTheirRevisionDefinesThem() throws Exception {
        initialize("2025-03-26", "{}");
        var tools = result(request(1, "tools/list", "{}")).toString();
        assertThat(tools).contains("structured").doesNotContain("outputSchema");
        var call = result(request(2, "tools/call", "{\"name\":\"structured\",\"arguments\":{\"out\":{\"celsius\":1}}}"));
        assertThat(call).doesNotContainKey("structuredContent");
    }
}
