package dev.jmcp.server.prompts;

import dev.jmcp.protocol.GetPromptResult;
import dev.jmcp.protocol.ListPromptsResult;
import dev.jmcp.protocol.PromptArgument;
import dev.jmcp.protocol.WireShape;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.server.registry.PromptEntry;
import dev.jmcp.server.session.Call;
import dev.jmcp.server.session.Pagination;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;

/** Lists prompts and renders them with the client's arguments. Stateless and thread-safe. */
public final class PromptsFeature {
    private static final Logger log = LoggerFactory.getLogger(PromptsFeature.class);

    private final int pageSize;

    public PromptsFeature(int pageSize) {
        this.pageSize = pageSize;
    }

    public ListPromptsResult list(Call call) {
        var page = Pagination.page(call.registry().prompts(), e -> e.prompt().name(),
                e -> WireShape.prompt(e.prompt(), call.version()),
                call.params().optionalString("cursor"), pageSize, call.params());
        return new ListPromptsResult(page.items(), page.nextCursor());
    }

    public GetPromptResult get(Call call) throws InterruptedException {
        String name = call.params().requireString("name");
        Map<String, String> arguments = call.params().optionalStringMap("arguments");
        PromptEntry entry = call.enter(registry -> registry.prompt(name), PromptEntry::owner, "Prompt", name)
                .orElseThrow(() -> JsonRpcException.invalidParams(
                        "Unknown prompt: '" + name + "'; prompts/list shows the prompts available"));
        try {
            if (entry.prompt().arguments() != null) {
                for (PromptArgument argument : entry.prompt().arguments()) {
                    if (Boolean.TRUE.equals(argument.required()) && !arguments.containsKey(argument.name())) {
                        throw JsonRpcException.invalidParams("Missing required argument '" + argument.name()
                                + "' for prompt '" + name + "'");
                    }
                }
            }
            GetPromptResult result = entry.handler().get(arguments, call.context(entry.owner()));
            if (result == null) throw new IllegalStateException("the prompt handler returned nothing");
            return WireShape.promptResult(result, call.version());
        } catch (InterruptedException | JsonRpcException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw JsonRpcException.invalidParams("Invalid arguments for prompt '" + name + "': " + e.getMessage());
        } catch (Exception e) {
            log.warn("prompt {} of plugin {} failed", name, entry.owner().name(), e);
            throw new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Prompt '" + name + "' failed: " + e.getMessage());
        } finally {
            entry.owner().exit();
        }
    }
}
