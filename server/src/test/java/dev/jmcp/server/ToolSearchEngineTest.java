package dev.jmcp.server;

import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.Tool;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.methods.Methods;
import dev.jmcp.server.observe.CallInfo;
import dev.jmcp.server.observe.CallSpan;
import dev.jmcp.server.registry.ArgumentsValidator;
import dev.jmcp.server.registry.Contribution;
import dev.jmcp.server.registry.Owner;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.registry.ToolEntry;
import dev.jmcp.server.session.ServerSession;
import dev.jmcp.server.tools.ToolSearch;
import dev.jmcp.server.toolsearch.SearchableTool;
import dev.jmcp.server.toolsearch.ToolIndex;
import dev.jmcp.server.toolsearch.ToolSearchSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tool search in the engine, over an in-memory connection: what tools/list shows, search_tools and call_tool and
 * their bad arguments, activate mode's list and list_changed. The ranking is a small word-overlap index here: the
 * server's logic is under test, not the ranking (the distribution's tests use the real module).
 */
@Timeout(30)
class ToolSearchEngineTest {
    private final TestContributions plugins = new TestContributions();
    private final AtomicReference<Registry> registry = new AtomicReference<>(Registry.of(List.of(plugins.contribution(3))));
    private final MemoryConnection client = new MemoryConnection();
    private final WordIndex index = new WordIndex();
    private ToolSearch search;
    private ServerSession session;
    /** What the engine told its call observers (the call log, telemetry and the console watch the same). */
    private final BlockingQueue<CallInfo> observed = new LinkedBlockingQueue<>();

    private void serve(boolean activate, int activeTools, String... pins) {
        search = new ToolSearch(index, new ToolSearchSettings(activate, List.of(pins), activeTools));
        search.update(registry.get());
        var options = ServerOptions.defaults("test-server", Path.of("unused"));
        var engine = new Engine(options, registry::get, Methods.table(options, search));
        engine.resolveCalledTools(search::calledTool);
        engine.observe(call -> {
            observed.add(call);
            return CallSpan.NONE;
        });
        session = engine.openSession(client);
    }

    @AfterEach
    void close() {
        if (session != null) session.close();
    }

    private void send(String json) {
        MemoryConnection.deliver(session, json);
    }

    private void initialize(String version) throws InterruptedException {
        send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"" + version
                + "\",\"capabilities\":{\"elicitation\":{}},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
        client.nextObject();
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
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
        return (String) ((List<Map<String, Object>>) callResult.get("content")).getFirst().get("text");
    }

    @SuppressWarnings("unchecked")
    private int listId = 9_000;

    private List<String> listedNames() throws InterruptedException {
        // A fresh id each time: a session's ids are not reused (and one reused at once may find the last still held).
        var tools = (List<Map<String, Object>>) result(request(listId++, "tools/list", "{}")).get("tools");
        return tools.stream().map(t -> (String) t.get("name")).toList();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> found(Map<String, Object> callResult) {
        return (List<Map<String, Object>>) ((Map<String, Object>) callResult.get("structuredContent")).get("tools");
    }

    @Test
    void toolsListShowsTheMetaToolsAndThePinnedToolsOnly() throws Exception {
        serve(false, 32, "echo", "extra_00?", "pro*");
        initialize("2025-11-25");
        assertThat(listedNames()).containsExactly("call_tool", "echo", "extra_000", "extra_001", "extra_002",
                "progress", "search_tools");
    }

    @Test
    void theMetaToolsTellAModelHowToUseThem() throws Exception {
        serve(false, 32);
        initialize("2025-11-25");
        @SuppressWarnings("unchecked")
        var tools = (List<Map<String, Object>>) result(request(1, "tools/list", "{}")).get("tools");
        var searchTool = tools.stream().filter(t -> t.get("name").equals("search_tools")).findFirst().orElseThrow();
        assertThat((String) searchTool.get("description")).contains("call_tool", "any language");
        assertThat(searchTool).containsKeys("inputSchema", "outputSchema");
        assertThat(searchTool.get("annotations")).isEqualTo(Map.of("title", "Search tools", "readOnlyHint", true,
                "destructiveHint", false, "idempotentHint", true, "openWorldHint", false));
    }

    @Test
    void searchToolsAnswersCompleteDefinitionsBestFirstAsStructuredContentAndText() throws Exception {
        serve(false, 32);
        initialize("2025-11-25");
        var answer = result(request(1, "tools/call", "{\"name\":\"search_tools\",\"arguments\":{\"query\":\"  "
                + "echoes its text, progress \",\"limit\":2}}"));
        assertThat(answer.get("isError")).isNotEqualTo(true);
        var tools = found(answer);
        assertThat(tools).hasSize(2);
        assertThat(tools).extracting(t -> t.get("name")).containsExactly("echo", "progress");
        assertThat(tools.get(1)).containsEntry("description", "Reports progress").containsKey("inputSchema");
        assertThat(dev.jmcp.protocol.json.JsonCodec.shared().parse(text(answer)))
                .isEqualTo(answer.get("structuredContent"));
        assertThat(index.queries).containsExactly("echoes its text, progress");
    }

    @Test
    void searchToolsShowsDefinitionsAsTheClientsRevisionListsThem() throws Exception {
        serve(false, 32);
        initialize("2024-11-05");
        var answer = result(request(1, "tools/call", "{\"name\":\"search_tools\",\"arguments\":{\"query\":"
                + "\"returns what it is told\",\"limit\":1}}"));
        // 2024-11-05 knows no outputSchema nor structuredContent: the text block carries the same JSON.
        assertThat(answer).doesNotContainKey("structuredContent");
        @SuppressWarnings("unchecked")
        var tools = (List<Map<String, Object>>) ((Map<String, Object>) dev.jmcp.protocol.json.JsonCodec.shared()
                .parse(text(answer))).get("tools");
        assertThat(tools.getFirst()).containsEntry("name", "structured").doesNotContainKey("outputSchema");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"query\":\"   \"", "\"limit\":3", "\"query\":\"echo\",\"limit\":0",
            "\"query\":\"echo\",\"limit\":-1", "\"query\":\"echo\",\"limit\":1000000000",
            "\"query\":\"echo\",\"limit\":\"5\"", "\"query\":42", "\"query\":\"HUGE\""})
    void badSearchArgumentsAreAToolErrorIn20251125AndInvalidParamsBefore(String arguments) throws Exception {
        String huge = "x".repeat(100 * 1024);
        String params = "{\"name\":\"search_tools\",\"arguments\":{" + arguments.replace("HUGE", huge) + "}}";
        serve(false, 32);
        initialize("2025-11-25");
        var answer = result(request(1, "tools/call", params));
        assertThat(answer.get("isError")).isEqualTo(true);
        assertThat(text(answer)).startsWith("Invalid arguments for tool 'search_tools': ").hasSizeLessThan(500);
        session.close();
        serve(false, 32);
        initialize("2025-06-18");
        var refused = error(request(2, "tools/call", params));
        assertThat(refused.get("code")).isEqualTo(-32602);
        assertThat((String) refused.get("message")).startsWith("Invalid arguments for tool 'search_tools': ");
        assertThat(index.queries).isEmpty();
        // The server and the index go on serving.
        assertThat(found(result(request(3, "tools/call", "{\"name\":\"search_tools\",\"arguments\":{\"query\":"
                + "\"echo\"}}")))).isNotEmpty();
    }

    @Test
    void callToolAnswersExactlyWhatADirectCallAnswers() throws Exception {
        serve(false, 32);
        initialize("2025-11-25");
        var direct = result(request(1, "tools/call", "{\"name\":\"echo\",\"arguments\":{\"text\":\"hi\"}}"));
        var through = result(request(2, "tools/call", "{\"name\":\"call_tool\",\"arguments\":{\"name\":\"echo\","
                + "\"arguments\":{\"text\":\"hi\"}}}"));
        assertThat(through).isEqualTo(direct).containsEntry("content", List.of(Map.of("type", "text", "text",
                "echo: hi")));
        // The inner tool's own validation, as a direct call gets it.
        var invalid = result(request(3, "tools/call", "{\"name\":\"call_tool\",\"arguments\":{\"name\":\"echo\","
                + "\"arguments\":{}}}"));
        assertThat(invalid).isEqualTo(result(request(4, "tools/call", "{\"name\":\"echo\",\"arguments\":{}}")));
        // An unlisted tool called directly works too.
        assertThat(text(result(request(5, "tools/call", "{\"name\":\"extra_001\"}")))).isEqualTo("x");
    }

    @Test
    void aCallThroughCallToolIsObservedAsTheToolItRanViaCallTool() throws Exception {
        serve(false, 32);
        initialize("2025-11-25");
        result(request(1, "tools/call", "{\"name\":\"call_tool\",\"arguments\":{\"name\":\"echo\","
                + "\"arguments\":{\"text\":\"hi\"}}}"));
        result(request(2, "tools/call", "{\"name\":\"echo\",\"arguments\":{\"text\":\"hi\"}}"));
        result(request(3, "tools/call", "{\"name\":\"search_tools\",\"arguments\":{\"query\":\"echo\"}}"));
        var calls = new ArrayList<CallInfo>();
        while (calls.size() < 3) {
            CallInfo next = observed.poll(10, TimeUnit.SECONDS);
            assertThat(next).as("observed call").isNotNull();
            if (next.method().equals("tools/call")) calls.add(next);
        }
        assertThat(calls).extracting(CallInfo::target, CallInfo::via).containsExactly(
                org.assertj.core.groups.Tuple.tuple("echo", "call_tool"),
                org.assertj.core.groups.Tuple.tuple("echo", null),
                org.assertj.core.groups.Tuple.tuple("search_tools", null));
    }

    @Test
    void callToolOfAnUnknownToolIsTheSameInvalidParamsAsADirectCall() throws Exception {
        serve(false, 32);
        initialize("2025-11-25");
        var through = error(request(1, "tools/call", "{\"name\":\"call_tool\",\"arguments\":{\"name\":\"nope\"}}"));
        var direct = error(request(2, "tools/call", "{\"name\":\"nope\"}"));
        assertThat(through).isEqualTo(direct);
        assertThat(through.get("code")).isEqualTo(-32602);
        assertThat((String) through.get("message")).contains("'nope'", "search_tools");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"name\":\"echo\",\"arguments\":[1]}", "{\"name\":\"echo\",\"arguments\":\"text\"}",
            "{}", "{\"name\":7}"})
    void callToolWithBadArgumentsOfItsOwnIsRefusedAsAnyToolsBadArguments(String arguments) throws Exception {
        serve(false, 32);
        initialize("2025-11-25");
        var answer = result(request(1, "tools/call", "{\"name\":\"call_tool\",\"arguments\":" + arguments + "}"));
        assertThat(answer.get("isError")).isEqualTo(true);
        assertThat(text(answer)).startsWith("Invalid arguments for tool 'call_tool': ");
        session.close();
        serve(false, 32);
        initialize("2025-03-26");
        assertThat(error(request(2, "tools/call", "{\"name\":\"call_tool\",\"arguments\":" + arguments + "}"))
                .get("code")).isEqualTo(-32602);
    }

    @Test
    void callToolCarriesProgressAndCancellation() throws Exception {
        serve(false, 32);
        initialize("2025-11-25");
        send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"call_tool\",\"arguments\":"
                + "{\"name\":\"progress\"},\"_meta\":{\"progressToken\":\"p1\"}}}");
        var progress = new ArrayList<Object>();
        Map<String, Object> message;
        while ((message = client.nextObject()).containsKey("method")) {
            assertThat(message.get("method")).isEqualTo("notifications/progress");
            progress.add(((Map<?, ?>) message.get("params")).get("progressToken"));
        }
        assertThat(progress).containsExactly("p1", "p1", "p1");
        assertThat(text(result(message))).isEqualTo("done");

        send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"call_tool\",\"arguments\":"
                + "{\"name\":\"slow\"}}}");
        assertThat(plugins.slowStarted.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":2}}");
        assertThat(plugins.slowInterrupted.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(client.poll(300)).isNull();
    }

    @Test
    void callToolAsksTheClientAsTheToolWould() throws Exception {
        serve(false, 32);
        initialize("2025-11-25");
        send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"call_tool\",\"arguments\":"
                + "{\"name\":\"elicit\"}}}");
        var ask = client.nextObject();
        assertThat(ask.get("method")).isEqualTo("elicitation/create");
        send("{\"jsonrpc\":\"2.0\",\"id\":" + dev.jmcp.protocol.json.JsonCodec.shared().writeValueAsString(ask.get("id"))
                + ",\"result\":{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}}");
        assertThat(text(result(client.nextObject()))).isEqualTo("accept {name=Ada}");
    }

    @Test
    void activateModeAddsWhatASearchFoundAndSaysTheListChanged() throws Exception {
        serve(true, 2);
        initialize("2025-11-25");
        send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"search_tools\","
                + "\"arguments\":{\"query\":\"echoes its text\",\"limit\":1}}}");
        assertThat(client.nextObject()).containsEntry("method", "notifications/tools/list_changed");
        assertThat(found(result(client.nextObject()))).extracting(t -> t.get("name")).containsExactly("echo");
        assertThat(listedNames()).containsExactly("call_tool", "echo", "search_tools");

        // The same search again changes nothing: no notification.
        assertThat(found(result(request(2, "tools/call", "{\"name\":\"search_tools\",\"arguments\":{\"query\":"
                + "\"echoes its text\",\"limit\":1}}")))).hasSize(1);
        // Two more: the bound (2) drops the least recently used.
        send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"search_tools\","
                + "\"arguments\":{\"query\":\"always fails\",\"limit\":1}}}");
        assertThat(client.nextObject()).containsEntry("method", "notifications/tools/list_changed");
        client.nextObject();
        assertThat(listedNames()).containsExactly("call_tool", "echo", "fail", "search_tools");
        request(4, "tools/call", "{\"name\":\"echo\",\"arguments\":{\"text\":\"used\"}}");
        send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"search_tools\","
                + "\"arguments\":{\"query\":\"reports progress\",\"limit\":1}}}");
        assertThat(client.nextObject()).containsEntry("method", "notifications/tools/list_changed");
        client.nextObject();
        // echo was used after fail was found: fail goes.
        assertThat(listedNames()).containsExactly("call_tool", "echo", "progress", "search_tools");
    }

    @Test
    void withoutActivateModeASearchChangesNoList() throws Exception {
        serve(false, 32);
        initialize("2025-11-25");
        request(1, "tools/call", "{\"name\":\"search_tools\",\"arguments\":{\"query\":\"echo\"}}");
        assertThat(client.poll(200)).isNull();
        assertThat(listedNames()).containsExactly("call_tool", "search_tools");
    }

    @Test
    void aPluginsToolNamedLikeAMetaToolIsReachableOnlyThroughCallTool() throws Exception {
        var own = new ToolEntry(new Tool("search_tools", "A plugin's own search", null),
                (arguments, context) -> CallToolResult.text("the plugin's"), ArgumentsValidator.ACCEPT_ALL, Owner.BUILT_IN);
        registry.set(Registry.of(List.of(plugins.contribution(0), new Contribution(new NamedOwner("other", null),
                List.of(own), List.of(), List.of(), List.of(), List.of(), List.of()))));
        serve(false, 32, "search_*");
        initialize("2025-11-25");
        @SuppressWarnings("unchecked")
        var tools = (List<Map<String, Object>>) result(request(1, "tools/list", "{}")).get("tools");
        assertThat(tools).filteredOn(t -> t.get("name").equals("search_tools")).singleElement()
                .satisfies(t -> assertThat(t.get("title")).isEqualTo("Search tools"));
        assertThat(found(result(request(2, "tools/call", "{\"name\":\"search_tools\",\"arguments\":{\"query\":"
                + "\"echo\"}}")))).isNotEmpty();
        assertThat(text(result(request(3, "tools/call", "{\"name\":\"call_tool\",\"arguments\":{\"name\":"
                + "\"search_tools\"}}")))).isEqualTo("the plugin's");
    }

    @Test
    void theIndexGetsEveryToolWithItsOwnersNameAndDescription() {
        var owner = new NamedOwner("weather", "Forecasts from the national service");
        var entry = new ToolEntry(new Tool("forecast", "Tomorrow's weather", null),
                (arguments, context) -> CallToolResult.text("sun"), ArgumentsValidator.ACCEPT_ALL, owner);
        registry.set(Registry.of(List.of(plugins.contribution(0), new Contribution(owner, List.of(entry), List.of(),
                List.of(), List.of(), List.of(), List.of()))));
        serve(false, 32);
        assertThat(index.tools).contains(new SearchableTool(entry.tool(), "weather",
                "Forecasts from the national service"));
        assertThat(index.tools).hasSize(registry.get().tools().size());
        registry.set(Registry.of(List.of(plugins.contribution(0))));
        search.update(registry.get());
        assertThat(index.tools).extracting(t -> t.tool().name()).doesNotContain("forecast");
    }

    @Test
    void theCalledToolOfATaskIsTheOneCallToolNames() {
        serve(false, 32);
        assertThat(search.calledTool(Map.of("name", "call_tool", "arguments", Map.of("name", "echo")))).isEqualTo("echo");
        assertThat(search.calledTool(Map.of("name", "echo"))).isEqualTo("echo");
        assertThat(search.calledTool(Map.of("name", "call_tool"))).isEqualTo("call_tool");
    }

    private Map<String, Object> stateless(int id, String method, Map<String, Object> params, boolean tasks)
            throws InterruptedException {
        return stateless(id, method, params, tasks
                ? Map.of("extensions", Map.of("io.modelcontextprotocol/tasks", Map.of())) : Map.of());
    }

    private Map<String, Object> stateless(int id, String method, Map<String, Object> params,
                                          Map<String, Object> capabilities) throws InterruptedException {
        var all = new java.util.LinkedHashMap<>(params);
        all.put("_meta", Map.of("io.modelcontextprotocol/protocolVersion", "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities", capabilities));
        send(dev.jmcp.protocol.json.JsonCodec.shared().writeValueAsString(Map.of("jsonrpc", "2.0", "id", id,
                "method", method, "params", all)));
        Map<String, Object> message;
        do {
            message = client.nextObject();
        } while (!Integer.valueOf(id).equals(message.get("id")));
        return message;
    }

    @Test
    void aTaskAugmentedCallToolRunsTheNamedToolAsATask() throws Exception {
        var task = new ToolEntry(new Tool("long_job", "A job that runs as a task", null), (arguments, context) -> {
            context.startTask();
            return CallToolResult.text("job done, in task: " + context.inTask());
        }, ArgumentsValidator.ACCEPT_ALL, null, Owner.BUILT_IN, dev.jmcp.plugin.TaskSupport.OPTIONAL);
        registry.set(Registry.of(List.of(plugins.contribution(0), new Contribution(new NamedOwner("jobs", null),
                List.of(task), List.of(), List.of(), List.of(), List.of(), List.of()))));
        serve(false, 32);
        var created = result(stateless(1, "tools/call", Map.of("name", "call_tool", "arguments",
                Map.of("name", "long_job")), true));
        assertThat(created).containsEntry("resultType", "task").containsKey("taskId");
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
        Map<String, Object> state;
        int id = 2;
        do {
            state = result(stateless(id++, "tasks/get", Map.of("taskId", created.get("taskId")), true));
            assertThat(System.nanoTime()).isLessThan(deadline);
        } while (!state.get("status").equals("completed"));
        assertThat(state.get("result").toString()).contains("job done, in task: true");
    }

    @SuppressWarnings("unchecked")
    @Test
    void aRequestStateIsBoundToTheToolCallToolRunsNotToCallToolAlone() throws Exception {
        serve(false, 32);
        Map<String, Object> elicitation = Map.of("elicitation", Map.of());
        var asked = result(stateless(1, "tools/call", Map.of("name", "call_tool", "arguments",
                Map.of("name", "elicit")), elicitation));
        assertThat(asked).containsEntry("resultType", "input_required");
        Object state = asked.get("requestState");

        var refused = error(stateless(2, "tools/call", Map.of("name", "call_tool", "arguments",
                Map.of("name", "echo", "arguments", Map.of("text", "hi")), "requestState", state), elicitation));
        assertThat(refused).containsEntry("code", -32602);
        assertThat((String) refused.get("message")).contains("belongs to another request");

        String key = ((Map<String, Object>) asked.get("inputRequests")).keySet().iterator().next();
        var answered = result(stateless(3, "tools/call", Map.of("name", "call_tool", "arguments",
                Map.of("name", "elicit"), "requestState", state, "inputResponses", Map.of(key, Map.of("action",
                        "accept", "content", Map.of("name", "Ada")))), elicitation));
        assertThat(text(answered)).isEqualTo("accept {name=Ada}");
    }

    @Test
    void statelessRequestsGetTheMetaToolsAndNoActivation() throws Exception {
        serve(true, 32);
        @SuppressWarnings("unchecked")
        var listed = (List<Map<String, Object>>) result(stateless(1, "tools/list", Map.of(), false)).get("tools");
        assertThat(listed).extracting(t -> t.get("name")).containsExactly("call_tool", "search_tools");
        assertThat(found(result(stateless(2, "tools/call", Map.of("name", "search_tools", "arguments",
                Map.of("query", "echoes its text")), false)))).extracting(t -> t.get("name")).contains("echo");
        assertThat(result(stateless(3, "tools/list", Map.of(), false)).get("tools")).isEqualTo(listed);
        assertThat(text(result(stateless(4, "tools/call", Map.of("name", "call_tool", "arguments",
                Map.of("name", "echo", "arguments", Map.of("text", "hi"))), false)))).isEqualTo("echo: hi");
    }

    /** Ranks by how many of the query's words a tool's name and description hold. */
    static final class WordIndex implements ToolIndex {
        volatile List<SearchableTool> tools = List.of();
        final List<String> queries = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Override
        public void update(List<SearchableTool> tools) {
            this.tools = List.copyOf(tools);
        }

        @Override
        public List<String> search(String query, int limit) {
            queries.add(query);
            var words = Arrays.asList(query.toLowerCase(Locale.ROOT).split("\\W+"));
            return tools.stream()
                    .map(t -> Map.entry(t.tool().name(), words.stream().filter(w -> !w.isEmpty() && (t.tool().name()
                            + " " + t.tool().description()).toLowerCase(Locale.ROOT).contains(w)).count()))
                    .filter(e -> e.getValue() > 0)
                    .sorted(Comparator.comparing((Map.Entry<String, Long> e) -> -e.getValue()).thenComparing(Map.Entry::getKey))
                    .limit(limit).map(Map.Entry::getKey).toList();
        }

        @Override
        public String describe() {
            return "words";
        }

        @Override
        public void close() {
        }
    }

    private record NamedOwner(String name, String description) implements Owner {
        @Override
        public boolean enter() {
            return true;
        }

        @Override
        public void exit() {
        }
    }
}
