package dev.jmcp.server.tools;

import dev.jmcp.plugin.ClientRequestException;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.plugin.ToolException;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.ListToolsResult;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.WireShape;
import dev.jmcp.protocol.json.JsonTrees;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.server.registry.ToolEntry;
import dev.jmcp.server.session.Call;
import dev.jmcp.server.session.Pagination;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Lists and calls the tools of the current registry snapshot. With tool search ({@link ToolSearch}) the list holds
 * the meta tools, pinned and activated tools, and {@code call_tool} is resolved here to the tool it names, which then
 * runs through the same steps as a direct call. Thread-safe.
 */
public final class ToolsFeature {
    private static final Logger log = LoggerFactory.getLogger(ToolsFeature.class);

    private final int pageSize;
    /** Null when tool search is off. */
    private final ToolSearch search;

    public ToolsFeature(int pageSize) {
        this(pageSize, null);
    }

    public ToolsFeature(int pageSize, ToolSearch search) {
        this.pageSize = pageSize;
        this.search = search;
    }

    public ListToolsResult list(Call call) {
        if (search != null) {
            var page = Pagination.page(search.listed(call).values(), Tool::name, t -> WireShape.tool(t, call.version()),
                    call.params().optionalString("cursor"), pageSize, call.params());
            return new ListToolsResult(page.items(), page.nextCursor());
        }
        var page = Pagination.page(call.registry().tools(), e -> e.tool().name(), e -> WireShape.tool(e.tool(), call.version()),
                call.params().optionalString("cursor"), pageSize, call.params());
        return new ListToolsResult(page.items(), page.nextCursor());
    }

    public CallToolResult call(Call call) throws InterruptedException {
        String name = call.params().requireString("name");
        Map<String, Object> arguments = call.params().optionalObject("arguments");
        if (arguments == null) arguments = Map.of();
        if (search != null && name.equals(ToolSearch.SEARCH_TOOLS)) {
            return WireShape.callToolResult(search.search(call, arguments), call.version());
        }
        if (search != null && name.equals(ToolSearch.CALL_TOOL)) {
            // The tool call_tool names runs from here on exactly as if it had been called directly.
            try {
                var inner = search.inner(call, arguments);
                name = inner.name();
                arguments = inner.arguments();
            } catch (ToolSearch.InvalidCall e) {
                return WireShape.callToolResult(e.result, call.version());
            }
        }
        String called = name;
        // Resolved already when the request was admitted (2026-07-28: its headers, whether it becomes a task).
        ToolEntry resolved = call.tool();
        ToolEntry entry = call.enter(registry -> registry == call.registry() && resolved != null
                                && resolved.tool().name().equals(called) ? Optional.of(resolved) : registry.tool(called),
                        ToolEntry::owner, "Tool", called)
                .orElseThrow(() -> unknownTool(call, called, search != null));
        try {
            if (search != null) search.used(call, called);
            List<String> violations = entry.validator().validate(arguments);
            if (!violations.isEmpty()) {
                String message = "Invalid arguments for tool '" + name + "': " + String.join("; ", violations);
                // 2025-11-25: input validation errors are tool execution errors, so the model can correct itself.
                if (call.version().reportsToolInputErrorsAsResults()) return CallToolResult.error(message);
                throw JsonRpcException.invalidParams(message);
            }
            return WireShape.callToolResult(checkOutput(entry, run(entry, arguments, call)), call.version());
        } finally {
            entry.owner().exit();
        }
    }

    private static CallToolResult run(ToolEntry entry, Map<String, Object> arguments, Call call)
            throws InterruptedException {
        Tool tool = entry.tool();
        RequestContext context = call.context(entry.owner());
        try {
            CallToolResult result = entry.handler().call(arguments, context);
            if (result == null) return new CallToolResult(List.of(), null, null, null);
            if (!JsonTrees.isPlain(result.structuredContent()) || !JsonTrees.isPlain(result.meta())) {
                // A plugin's own record here would pin its class loader in the codec's caches: make it a tree now.
                result = new CallToolResult(result.content(), JsonTrees.plain(result.structuredContent()),
                        result.isError(), JsonTrees.plainObject(result.meta()));
            }
            return result;
        } catch (InterruptedException e) {
            throw e;
        } catch (ToolException e) {
            return CallToolResult.error(e.getMessage());
        } catch (JsonRpcException e) {
            // A task ends "failed" only for a JSON-RPC error: the tool says so by throwing one. A request that lacks a
            // client capability the tool needs (2026-07-28, -32021) fails as if the server had found it lacking, as
            // a mounted server says. Elsewhere it is a tool error like any other, as it always was.
            if (context.inTask() || e.code() == ErrorCodes.MISSING_CLIENT_CAPABILITY) throw e;
            log.warn("tool {} of plugin {} failed", tool.name(), entry.owner().name(), e);
            return CallToolResult.error("Tool '" + tool.name() + "' failed: " + e.getMessage());
        } catch (ClientRequestException e) {
            log.info("tool {}: {}", tool.name(), e.getMessage());
            return CallToolResult.error("Tool '" + tool.name() + "' failed: " + e.getMessage());
        } catch (OutOfMemoryError e) {
            // What the tool allocated is unreachable now; "any exception from a tool becomes an isError result".
            log.error("tool {} of plugin {} ran out of memory: {}", tool.name(), entry.owner().name(), e.toString());
            return CallToolResult.error("Tool '" + tool.name() + "' failed: it ran out of memory");
        } catch (Exception | LinkageError | StackOverflowError e) {
            if (Thread.currentThread().isInterrupted() || call.inFlight().cancelled()) {
                throw new InterruptedException("cancelled");
            }
            log.warn("tool {} of plugin {} failed", tool.name(), entry.owner().name(), e);
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            return CallToolResult.error("Tool '" + tool.name() + "' failed: " + message);
        }
    }

    /**
     * "If an output schema is provided: Servers MUST provide structured results that conform to this schema." A tool
     * that breaks its own schema has failed, so the client gets an error result saying how, not content it cannot
     * trust.
     */
    private static CallToolResult checkOutput(ToolEntry entry, CallToolResult result) {
        Tool tool = entry.tool();
        if (tool.outputSchema() == null || result.failed()) return result;
        List<String> violations;
        if (result.structuredContent() == null) {
            violations = List.of("it returned no structuredContent");
        } else if (result.structuredContent() instanceof Map<?, ?> map) {
            @SuppressWarnings("unchecked")
            var content = (Map<String, Object>) map;
            violations = entry.outputValidator().validate(content);
        } else {
            violations = List.of("its structuredContent is not a JSON object");
        }
        if (violations.isEmpty()) return result;
        String message = "Tool '" + tool.name() + "' broke its outputSchema: " + String.join("; ", violations);
        log.warn("{} (plugin {})", message, entry.owner().name());
        return CallToolResult.error(message);
    }

    /** A tool not in the registry; when plugins failed to load, the error says which and why (it may be theirs). */
    private static JsonRpcException unknownTool(Call call, String name, boolean searching) {
        String failed = call.host().missingBecause();
        return JsonRpcException.invalidParams("Unknown tool: '" + name + "'; "
                + (failed.isEmpty() ? "" : failed + "; ")
                + (searching ? "search_tools finds the tools available" : "tools/list shows the tools available"));
    }
}
