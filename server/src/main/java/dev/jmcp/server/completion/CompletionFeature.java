package dev.jmcp.server.completion;

import dev.jmcp.protocol.CompleteResult;
import dev.jmcp.protocol.Completion;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.server.registry.CompletionEntry;
import dev.jmcp.server.registry.CompletionEntry.Kind;
import dev.jmcp.server.session.Call;
import dev.jmcp.server.session.Params;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;

/** Answers {@code completion/complete} from the plugins' completion handlers. Stateless and thread-safe. */
public final class CompletionFeature {
    private static final Logger log = LoggerFactory.getLogger(CompletionFeature.class);

    public CompleteResult complete(Call call) throws InterruptedException {
        Params params = call.params();
        Params ref = params.nested("ref");
        Params argument = params.nested("argument");
        String argumentName = argument.requireString("name");
        String value = argument.requireString("value");
        Map<String, Object> context = params.optionalObject("context");
        Map<String, String> resolved = context == null ? Map.of() : params.nested("context").optionalStringMap("arguments");

        String type = ref.requireString("type");
        Kind kind;
        String refName;
        switch (type) {
            case "ref/prompt" -> {
                kind = Kind.PROMPT;
                refName = ref.requireString("name");
                if (call.registry().prompt(refName).isEmpty()) {
                    throw JsonRpcException.invalidParams("Unknown prompt: '" + refName + "'");
                }
            }
            case "ref/resource" -> {
                kind = Kind.RESOURCE;
                refName = ref.requireString("uri");
                boolean known = call.registry().templates().stream().anyMatch(t -> t.template().uriTemplate().equals(refName))
                        || call.registry().resource(refName).isPresent();
                if (!known) throw JsonRpcException.invalidParams("Unknown resource template: '" + refName + "'");
            }
            default -> throw params.invalid("ref.type", "must be \"ref/prompt\" or \"ref/resource\", was \"" + type + "\"");
        }
        CompletionEntry entry = call.enter(registry -> registry.completion(kind, refName, argumentName),
                CompletionEntry::owner, "Completion for", refName).orElse(null);
        if (entry == null) return new CompleteResult(Completion.empty());
        try {
            Completion completion = entry.handler().complete(value, resolved, call.context(entry.owner()));
            return new CompleteResult(completion == null ? Completion.empty() : completion);
        } catch (InterruptedException | JsonRpcException e) {
            throw e;
        } catch (Exception e) {
            log.warn("completion of {} {} failed", refName, argumentName, e);
            throw new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Completion failed: " + e.getMessage());
        } finally {
            entry.owner().exit();
        }
    }
}
