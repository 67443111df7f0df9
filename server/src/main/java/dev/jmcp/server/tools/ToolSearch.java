package dev.jmcp.server.tools;

import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.ToolAnnotations;
import dev.jmcp.protocol.WireShape;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.server.registry.ArgumentsValidator;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.registry.ToolEntry;
import dev.jmcp.server.schema.JsonSchemas;
import dev.jmcp.server.session.OutboundMethods;
import dev.jmcp.server.session.Call;
import dev.jmcp.server.session.ServerSession;
import dev.jmcp.server.toolsearch.SearchableTool;
import dev.jmcp.server.toolsearch.ToolIndex;
import dev.jmcp.server.toolsearch.ToolSearchSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Tool search ({@code jmcp serve --tool-search}): the two meta tools {@code search_tools} and {@code call_tool}, the
 * pinned tools, the tools each session activated, and the {@link ToolIndex} fed with every registry snapshot.
 * {@link ToolsFeature} consults it inside the one {@code tools/list} and {@code tools/call} path. Owns the index and
 * closes it. Thread-safe.
 */
public final class ToolSearch implements AutoCloseable {
    public static final String SEARCH_TOOLS = "search_tools";
    public static final String CALL_TOOL = "call_tool";
    /** The longest query, after trimming: a request in words, not a document. */
    public static final int MAX_QUERY_CHARACTERS = 1_000;
    public static final int DEFAULT_LIMIT = 5;
    public static final int MAX_LIMIT = 50;
    private static final Logger log = LoggerFactory.getLogger(ToolSearch.class);
    private static final JsonCodec CODEC = JsonCodec.shared();

    private final ToolIndex index;
    private final ToolSearchSettings settings;
    private final List<Pattern> pins;
    private final ActiveTools active;
    private final Tool searchTool;
    private final Tool callTool;
    private final ArgumentsValidator searchArguments;
    private final ArgumentsValidator callArguments;

    public ToolSearch(ToolIndex index, ToolSearchSettings settings) {
        this.index = index;
        this.settings = settings;
        this.pins = settings.pins().stream().map(ToolSearch::glob).toList();
        this.active = new ActiveTools(settings.activeTools());
        this.searchTool = searchTool(settings.activate());
        this.callTool = callTool();
        this.searchArguments = lazily(searchTool);
        this.callArguments = lazily(callTool);
    }

    /**
     * The validator of one of the two meta tools' arguments, made at their first call: their schemas are this class's
     * own, and the validator's set-up (its meta-schemas) would otherwise cost every start with tool search on.
     */
    private static ArgumentsValidator lazily(Tool tool) {
        var made = new java.util.concurrent.atomic.AtomicReference<ArgumentsValidator>();
        return arguments -> {
            ArgumentsValidator validator = made.get();
            if (validator == null) {
                validator = JsonSchemas.validator(tool.inputSchema());
                if (!made.compareAndSet(null, validator)) validator = made.get();
            }
            return validator.validate(arguments);
        };
    }

    /** Feeds the index the tools of {@code registry}, the whole set; called with every snapshot, the first one too. */
    public synchronized void update(Registry registry) {
        var tools = new ArrayList<SearchableTool>(registry.tools().size());
        for (ToolEntry entry : registry.tools()) {
            String name = entry.tool().name();
            if (name.equals(SEARCH_TOOLS) || name.equals(CALL_TOOL)) {
                log.warn("plugin {} declares a tool named {}, which tool search serves itself: it is reachable only "
                        + "through call_tool", entry.owner().name(), name);
            }
            String description;
            try {
                description = entry.owner().description();
            } catch (RuntimeException e) {
                description = null;
            }
            tools.add(new SearchableTool(entry.tool(), entry.owner().name(), description));
        }
        long start = System.nanoTime();
        try {
            index.update(tools);
        } catch (RuntimeException e) {
            log.error("the tool index could not take {} tools; searches see the previous set", tools.size(), e);
            return;
        }
        log.debug("tool index updated: {} tools in {} ms ({})", tools.size(), (System.nanoTime() - start) / 1_000_000,
                index.describe());
    }

    /** What {@code tools/list} shows {@code call}'s client, sorted by name: the meta tools, pinned and active tools. */
    TreeMap<String, Tool> listed(Call call) {
        var listed = new TreeMap<String, Tool>();
        Registry registry = call.registry();
        for (ToolEntry entry : registry.tools()) {
            String name = entry.tool().name();
            if (pins.stream().anyMatch(p -> p.matcher(name).matches())) listed.put(name, entry.tool());
        }
        if (settings.activate() && call.caller() instanceof ServerSession session) {
            for (String name : active.of(session)) registry.tool(name).ifPresent(e -> listed.put(name, e.tool()));
        }
        listed.put(SEARCH_TOOLS, searchTool);
        listed.put(CALL_TOOL, callTool);
        return listed;
    }

    /** {@code search_tools}: the best-matching tools, each as {@code call}'s revision lists it. */
    CallToolResult search(Call call, Map<String, Object> arguments) {
        List<String> violations = searchArguments.validate(arguments);
        String query = arguments.get("query") instanceof String s ? s.strip() : "";
        if (violations.isEmpty() && query.isEmpty()) violations = List.of("argument 'query' must not be blank");
        if (!violations.isEmpty()) return invalid(call, SEARCH_TOOLS, violations);
        int limit = arguments.get("limit") instanceof Number n ? n.intValue() : DEFAULT_LIMIT;
        List<String> names;
        try {
            names = index.search(query, limit);
        } catch (RuntimeException e) {
            log.error("tool search failed for a query of {} characters", query.length(), e);
            return CallToolResult.error("Tool search failed: " + e.getMessage() + "; try again, or call a tool you "
                    + "know by name with call_tool");
        }
        var found = new ArrayList<String>(names.size());
        var tools = new ArrayList<Object>(names.size());
        for (String name : names) {
            if (found.size() == limit) break;
            // The index may lag a snapshot behind the call's: what the call cannot run is not offered.
            var entry = call.registry().tool(name);
            if (entry.isEmpty() || found.contains(name)) continue;
            found.add(name);
            tools.add(CODEC.toTree(WireShape.tool(entry.get().tool(), call.version())));
        }
        if (settings.activate() && call.caller() instanceof ServerSession session && active.add(session, found)) {
            // Before the answer, so that a client that lists again on the answer already sees them.
            session.notify(OutboundMethods.TOOLS_LIST_CHANGED, null, call.id());
        }
        Map<String, Object> structured = Map.of("tools", tools);
        return new CallToolResult(List.of(new TextContent(CODEC.writeValueAsString(structured), null, null)),
                structured, null, null);
    }

    /**
     * The tool {@code call_tool} names and the arguments for it; an invalid {@code call_tool} call is thrown as
     * {@link InvalidCall} carrying the answer a direct call with bad arguments gets in {@code call}'s revision.
     */
    Inner inner(Call call, Map<String, Object> arguments) {
        List<String> violations = callArguments.validate(arguments);
        if (!violations.isEmpty()) throw new InvalidCall(invalid(call, CALL_TOOL, violations));
        @SuppressWarnings("unchecked")
        var innerArguments = (Map<String, Object>) arguments.get("arguments");
        return new Inner((String) arguments.get("name"), innerArguments == null ? Map.of() : innerArguments);
    }

    /** {@code name} is being called in {@code call}'s session: in activate mode it becomes the last to be dropped. */
    void used(Call call, String name) {
        if (settings.activate() && call.caller() instanceof ServerSession session) active.touch(session, name);
    }

    /** The tool a {@code tools/call} with {@code params} runs: {@code call_tool}'s {@code name} argument for it. */
    public String calledTool(Map<String, Object> params) {
        if (params == null || !(params.get("name") instanceof String name)) return null;
        if (name.equals(CALL_TOOL) && params.get("arguments") instanceof Map<?, ?> arguments
                && arguments.get("name") instanceof String inner) {
            return inner;
        }
        return name;
    }

    /** What the index ranks with now. */
    public String describe() {
        return index.describe();
    }

    @Override
    public void close() {
        index.close();
    }

    /** The tool and arguments a {@code call_tool} call runs. */
    record Inner(String name, Map<String, Object> arguments) {
    }

    /** A {@code call_tool} call whose own arguments are wrong; {@code result} is its answer. */
    static final class InvalidCall extends RuntimeException {
        final CallToolResult result;

        InvalidCall(CallToolResult result) {
            super(null, null, false, false);
            this.result = result;
        }
    }

    /** Bad arguments of a meta tool: the answer any tool's bad arguments get in {@code call}'s revision. */
    private static CallToolResult invalid(Call call, String tool, List<String> violations) {
        String message = "Invalid arguments for tool '" + tool + "': " + String.join("; ", violations);
        // 2025-11-25: input validation errors are tool execution errors, so the model can correct itself.
        if (call.version().reportsToolInputErrorsAsResults()) return CallToolResult.error(message);
        throw JsonRpcException.invalidParams(message);
    }

    /** A pin: a tool name, where {@code *} stands for any characters and {@code ?} for one. */
    static Pattern glob(String pin) {
        var regex = new StringBuilder();
        var literal = new StringBuilder();
        for (char c : pin.toCharArray()) {
            if (c == '*' || c == '?') {
                if (!literal.isEmpty()) regex.append(Pattern.quote(literal.toString()));
                literal.setLength(0);
                regex.append(c == '*' ? ".*" : ".");
            } else {
                literal.append(c);
            }
        }
        if (!literal.isEmpty()) regex.append(Pattern.quote(literal.toString()));
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }

    private static Tool searchTool(boolean activate) {
        var query = Map.<String, Object>of("type", "string", "minLength", 1, "maxLength", MAX_QUERY_CHARACTERS,
                "description", "What you want to do, in a few words: the action, what it acts on and the "
                        + "service if you know it, e.g. \"open a pull request on github\" or \"weather forecast for "
                        + "a city\". Any language works; English matches best.");
        var limit = Map.<String, Object>of("type", "integer", "minimum", 1, "maximum", MAX_LIMIT, "default",
                DEFAULT_LIMIT, "description", "How many tools to answer at most (default " + DEFAULT_LIMIT
                        + ", at most " + MAX_LIMIT + ").");
        var input = Map.<String, Object>of("type", "object", "properties", Map.of("query", query, "limit", limit),
                "required", List.of("query"));
        var toolItem = Map.<String, Object>of("type", "object", "properties", Map.of(
                "name", Map.of("type", "string"), "inputSchema", Map.of("type", "object")),
                "required", List.of("name", "inputSchema"));
        var output = Map.<String, Object>of("type", "object", "properties", Map.of("tools", Map.of("type", "array",
                "items", toolItem)), "required", List.of("tools"));
        String description = "Finds the tools for a task among all the tools this server offers; only a few are "
                + "listed. Say what you want to do in a few words (the action, what it acts on, the service if you "
                + "know it); any language works, English matches best. Answers the best-matching tools, "
                + "best first, each with its full definition (name, description, inputSchema). Then run one with "
                + "call_tool, giving its name and arguments that match its inputSchema"
                + (activate ? ", or call it directly: the tools found are added to your list of tools." : ".")
                + " Search again with other words when none fits.";
        return new Tool(SEARCH_TOOLS, "Search tools", description, input, output,
                new ToolAnnotations("Search tools", true, false, true, false), null, null);
    }

    private static Tool callTool() {
        var input = Map.<String, Object>of("type", "object", "properties", Map.of(
                "name", Map.of("type", "string", "minLength", 1,
                        "description", "The exact name of a tool search_tools found."),
                "arguments", Map.of("type", "object",
                        "description", "The tool's arguments, matching its inputSchema.")),
                "required", List.of("name"));
        String description = "Runs a tool that search_tools found: give its exact name and its arguments as an object "
                + "matching the tool's inputSchema. Answers exactly what the tool answers.";
        return new Tool(CALL_TOOL, "Call a tool", description, input, null, null, null, null);
    }
}
