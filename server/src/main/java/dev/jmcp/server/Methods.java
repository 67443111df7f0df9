package dev.jmcp.server;

import dev.jmcp.server.completion.CompletionFeature;
import dev.jmcp.server.logging.LoggingFeature;
import dev.jmcp.server.prompts.PromptsFeature;
import dev.jmcp.server.resources.ResourcesFeature;
import dev.jmcp.server.session.MethodHandler;
import dev.jmcp.server.tools.ToolsFeature;

import java.util.Map;

/**
 * The one method table: every request method the server answers, and who answers it. ({@code initialize} is the
 * session's own: it opens the session rather than serving within one.) Public so that tests of other packages (the
 * transports) can build an {@link dev.jmcp.server.session.Engine} with the real table.
 */
public final class Methods {
    private Methods() {
    }

    public static Map<String, MethodHandler> table(ServerOptions options) {
        var tools = new ToolsFeature(options.pageSize());
        var prompts = new PromptsFeature(options.pageSize());
        var resources = new ResourcesFeature(options.pageSize());
        var completion = new CompletionFeature();
        var logging = new LoggingFeature();
        return Map.ofEntries(
                Map.entry("ping", call -> Map.of()),
                Map.entry("tools/list", tools::list),
                Map.entry("tools/call", tools::call),
                Map.entry("prompts/list", prompts::list),
                Map.entry("prompts/get", prompts::get),
                Map.entry("resources/list", resources::list),
                Map.entry("resources/read", resources::read),
                Map.entry("resources/templates/list", resources::listTemplates),
                Map.entry("resources/subscribe", resources::subscribe),
                Map.entry("resources/unsubscribe", resources::unsubscribe),
                Map.entry("completion/complete", completion::complete),
                Map.entry("logging/setLevel", logging::setLevel));
    }
}
