package dev.jmcp.server.methods;

import dev.jmcp.protocol.ClientNotifications;
import dev.jmcp.server.completion.CompletionFeature;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.logging.LoggingFeature;
import dev.jmcp.server.prompts.PromptsFeature;
import dev.jmcp.server.resources.ResourcesFeature;
import dev.jmcp.server.session.MethodTable;
import dev.jmcp.server.session.ServedNotification;
import dev.jmcp.server.skills.SkillMethods;
import dev.jmcp.server.tasks.TaskMethods;
import dev.jmcp.server.tools.ToolSearch;
import dev.jmcp.server.tools.ToolsFeature;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.jmcp.protocol.ClientRequests.COMPLETION_COMPLETE;
import static dev.jmcp.protocol.ClientRequests.INITIALIZE;
import static dev.jmcp.protocol.ClientRequests.LOGGING_SET_LEVEL;
import static dev.jmcp.protocol.ClientRequests.PING;
import static dev.jmcp.protocol.ClientRequests.PROMPTS_GET;
import static dev.jmcp.protocol.ClientRequests.PROMPTS_LIST;
import static dev.jmcp.protocol.ClientRequests.RESOURCES_DIRECTORY_READ;
import static dev.jmcp.protocol.ClientRequests.RESOURCES_LIST;
import static dev.jmcp.protocol.ClientRequests.RESOURCES_READ;
import static dev.jmcp.protocol.ClientRequests.RESOURCES_SUBSCRIBE;
import static dev.jmcp.protocol.ClientRequests.RESOURCES_TEMPLATES_LIST;
import static dev.jmcp.protocol.ClientRequests.RESOURCES_UNSUBSCRIBE;
import static dev.jmcp.protocol.ClientRequests.SERVER_DISCOVER;
import static dev.jmcp.protocol.ClientRequests.SKILLS_GET;
import static dev.jmcp.protocol.ClientRequests.SKILLS_LIST;
import static dev.jmcp.protocol.ClientRequests.SUBSCRIPTIONS_LISTEN;
import static dev.jmcp.protocol.ClientRequests.TASKS_CANCEL;
import static dev.jmcp.protocol.ClientRequests.TASKS_GET;
import static dev.jmcp.protocol.ClientRequests.TASKS_UPDATE;
import static dev.jmcp.protocol.ClientRequests.TOOLS_CALL;
import static dev.jmcp.protocol.ClientRequests.TOOLS_LIST;
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
 * differs from method to method. Adding a method is one line here and one handler. Methods are named by the protocol
 * module's {@link dev.jmcp.protocol.ClientRequests} and {@link ClientNotifications}, the spelling a client sends them
 * by; every other fact about a method is in its row, and the code that needs one reads the row
 * ({@code MethodNamesTest} keeps method names out of the rest of the server). Public so that tests of other
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
                request(INITIALIZE, STATEFUL, ProtocolMethods::initialize, OPENS_SESSION),
                request(PING, STATEFUL, ProtocolMethods::ping, BEFORE_INIT),
                request(SERVER_DISCOVER, STATELESS, ProtocolMethods::discover).cached(LISTING),
                request(SUBSCRIPTIONS_LISTEN, STATELESS, ProtocolMethods::listen, STREAMS),

                request(TOOLS_LIST, BOTH, tools::list).cached(LISTING),
                request(TOOLS_CALL, BOTH, tools::call, ASKS_FOR_INPUT, BECOMES_TASK, NAMED_IN_HEADER, SCOPED_PER_ITEM)
                        .targets(TOOL),
                request(PROMPTS_LIST, BOTH, prompts::list).cached(LISTING),
                request(PROMPTS_GET, BOTH, prompts::get, ASKS_FOR_INPUT, NAMED_IN_HEADER, SCOPED_PER_ITEM)
                        .targets(PROMPT),
                request(RESOURCES_LIST, BOTH, resources::list).cached(LISTING),
                // A read may answer differently every time (bacio:///quote does): never reuse one.
                request(RESOURCES_READ, BOTH, resources::read, ASKS_FOR_INPUT, NAMED_IN_HEADER, SCOPED_PER_ITEM)
                        .cached(Duration.ZERO)
                        .targets(RESOURCE),
                request(RESOURCES_TEMPLATES_LIST, BOTH, resources::listTemplates).cached(LISTING),
                request(RESOURCES_SUBSCRIBE, STATEFUL, resources::subscribe, SCOPED_PER_ITEM).targets(RESOURCE),
                request(RESOURCES_UNSUBSCRIBE, STATEFUL, resources::unsubscribe).targets(RESOURCE),
                request(COMPLETION_COMPLETE, BOTH, completion::complete),
                request(LOGGING_SET_LEVEL, STATEFUL, logging::setLevel),

                request(TASKS_GET, STATELESS, ProtocolMethods.GET_TASK, NAMED_IN_HEADER)
                        .extension(TaskMethods.EXTENSION, true).targets(TASK),
                request(TASKS_UPDATE, STATELESS, ProtocolMethods.UPDATE_TASK, NAMED_IN_HEADER)
                        .extension(TaskMethods.EXTENSION, true).targets(TASK),
                request(TASKS_CANCEL, STATELESS, ProtocolMethods.CANCEL_TASK, NAMED_IN_HEADER)
                        .extension(TaskMethods.EXTENSION, true).targets(TASK),

                request(SKILLS_LIST, STATELESS, skills::list).cached(LISTING).extension(SkillMethods.EXTENSION, false),
                request(SKILLS_GET, STATELESS, skills::get).cached(LISTING).extension(SkillMethods.EXTENSION, false)
                        .targets(SKILL),
                request(RESOURCES_DIRECTORY_READ, STATELESS, skills::readDirectory).cached(LISTING)
                        .extension(SkillMethods.EXTENSION, false).targets(RESOURCE)),
                List.of(
                        ServedNotification.of(ClientNotifications.INITIALIZED, ProtocolMethods::nothing),
                        ServedNotification.of(ClientNotifications.PROGRESS, ProtocolMethods::nothing),
                        // 2026-07-28 HTTP: "closing the SSE response stream is itself the cancellation signal and
                        // no notifications/cancelled message is expected".
                        ServedNotification.of(ClientNotifications.CANCELLED, ProtocolMethods::cancelled)
                                .statelessInstead("cancel a request by closing its response"),
                        ServedNotification.of(ClientNotifications.ROOTS_LIST_CHANGED, ProtocolMethods::rootsChanged)),
                extensions);
    }
}
