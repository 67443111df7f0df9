package dev.jmcp.server.methods;

import dev.jmcp.server.completion.CompletionFeature;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.logging.LoggingFeature;
import dev.jmcp.server.prompts.PromptsFeature;
import dev.jmcp.server.resources.ResourcesFeature;
import dev.jmcp.server.session.MethodTable;
import dev.jmcp.server.session.NotificationHandler;
import dev.jmcp.server.skills.SkillMethods;
import dev.jmcp.server.tasks.TaskMethods;
import dev.jmcp.server.tools.ToolSearch;
import dev.jmcp.server.tools.ToolsFeature;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.jmcp.server.session.ServedMethod.Trait.ASKS_FOR_INPUT;
import static dev.jmcp.server.session.ServedMethod.Trait.BECOMES_TASK;
import static dev.jmcp.server.session.ServedMethod.Trait.BEFORE_INIT;
import static dev.jmcp.server.session.ServedMethod.Trait.NAMED_IN_HEADER;
import static dev.jmcp.server.session.ServedMethod.Trait.OPENS_SESSION;
import static dev.jmcp.server.session.ServedMethod.Trait.SCOPED_PER_ITEM;
import static dev.jmcp.server.session.ServedMethod.Trait.STREAMS;
import static dev.jmcp.server.session.ServedMethod.request;
import static dev.jmcp.server.observe.Target.PROMPT;
import static dev.jmcp.server.observe.Target.RESOURCE;
import static dev.jmcp.server.observe.Target.SKILL;
import static dev.jmcp.server.observe.Target.TASK;
import static dev.jmcp.server.observe.Target.TOOL;
import static dev.jmcp.server.session.Wires.BOTH;
import static dev.jmcp.server.session.Wires.STATEFUL;
import static dev.jmcp.server.session.Wires.STATELESS;

/**
 * The one method table: every request and notification the server answers, on which wire, and everything else that
 * differs from method to method. Adding a method is one line here and one handler. Public so that tests of other
 * packages (the transports) can build an {@link dev.jmcp.server.engine.Engine} with the real table.
 */
public final class Methods {
    /** How long 2026-07-28 clients may keep a listing: lists change only when a plugin does, and then say so. */
    private static final Duration LISTING = Duration.ofMinutes(1);

    private Methods() {
    }

    public static MethodTable table(ServerOptions options) {
        return table(options, null);
    }

    /** The table of a server that serves tool search through {@code toolSearch} (null: off). */
    public static MethodTable table(ServerOptions options, ToolSearch toolSearch) {
        var tools = new ToolsFeature(options.pageSize(), toolSearch);
        var prompts = new PromptsFeature(options.pageSize());
        var resources = new ResourcesFeature(options.pageSize());
        var completion = new CompletionFeature();
        var logging = new LoggingFeature();
        var skills = new SkillMethods(options.pageSize());
        var extensions = new LinkedHashMap<String, MethodTable.ExtensionDeclaration>();
        extensions.put(TaskMethods.EXTENSION, registry -> Map.of());
        // Declared only with a skill to show: a declaring server without one fails the extension's checks.
        extensions.put(SkillMethods.EXTENSION, registry -> registry.skills().isEmpty() ? null : SkillMethods.CAPABILITY);
        return MethodTable.of(List.of(
                request("initialize", STATEFUL, ProtocolMethods::initialize, OPENS_SESSION),
                request("ping", STATEFUL, ProtocolMethods::ping, BEFORE_INIT),
                request("server/discover", STATELESS, ProtocolMethods::discover).cached(LISTING),
                request("subscriptions/listen", STATELESS, ProtocolMethods::listen, STREAMS),

                request("tools/list", BOTH, tools::list).cached(LISTING),
                request("tools/call", BOTH, tools::call, ASKS_FOR_INPUT, BECOMES_TASK, NAMED_IN_HEADER, SCOPED_PER_ITEM)
                        .targets(TOOL),
                request("prompts/list", BOTH, prompts::list).cached(LISTING),
                request("prompts/get", BOTH, prompts::get, ASKS_FOR_INPUT, NAMED_IN_HEADER, SCOPED_PER_ITEM)
                        .targets(PROMPT),
                request("resources/list", BOTH, resources::list).cached(LISTING),
                // A read may answer differently every time (bacio:///quote does): never reuse one.
                request("resources/read", BOTH, resources::read, ASKS_FOR_INPUT, NAMED_IN_HEADER, SCOPED_PER_ITEM)
                        .cached(Duration.ZERO)
                        .targets(RESOURCE),
                request("resources/templates/list", BOTH, resources::listTemplates).cached(LISTING),
                request("resources/subscribe", STATEFUL, resources::subscribe, SCOPED_PER_ITEM).targets(RESOURCE),
                request("resources/unsubscribe", STATEFUL, resources::unsubscribe).targets(RESOURCE),
                request("completion/complete", BOTH, completion::complete),
                request("logging/setLevel", STATEFUL, logging::setLevel),

                request("tasks/get", STATELESS, ProtocolMethods.GET_TASK, NAMED_IN_HEADER)
                        .extension(TaskMethods.EXTENSION, true).targets(TASK),
                request("tasks/update", STATELESS, ProtocolMethods.UPDATE_TASK, NAMED_IN_HEADER)
                        .extension(TaskMethods.EXTENSION, true).targets(TASK),
                request("tasks/cancel", STATELESS, ProtocolMethods.CANCEL_TASK, NAMED_IN_HEADER)
                        .extension(TaskMethods.EXTENSION, true).targets(TASK),

                request("skills/list", STATELESS, skills::list).cached(LISTING).extension(SkillMethods.EXTENSION, false),
                request("skills/get", STATELESS, skills::get).cached(LISTING).extension(SkillMethods.EXTENSION, false)
                        .targets(SKILL),
                request("resources/directory/read", STATELESS, skills::readDirectory).cached(LISTING)
                        .extension(SkillMethods.EXTENSION, false).targets(RESOURCE)),
                Map.<String, NotificationHandler>of(
                        "notifications/initialized", ProtocolMethods::nothing,
                        "notifications/progress", ProtocolMethods::nothing,
                        "notifications/cancelled", ProtocolMethods::cancelled,
                        "notifications/roots/list_changed", ProtocolMethods::rootsChanged),
                extensions);
    }
}
