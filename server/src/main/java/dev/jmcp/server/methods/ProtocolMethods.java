package dev.jmcp.server.methods;

import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.registry.RootsListenerEntry;
import dev.jmcp.server.session.Call;
import dev.jmcp.server.session.Params;
import dev.jmcp.server.session.ServerSession;
import dev.jmcp.server.stateless.StatelessCall;
import dev.jmcp.server.stateless.StatelessCaller;
import dev.jmcp.server.stateless.TaskHandler;
import dev.jmcp.server.tasks.TaskMethods;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;

/**
 * The handlers of what the protocol itself answers, as {@link dev.jmcp.server.methods.Methods} lists them: opening a session,
 * {@code ping}, discovery, {@code subscriptions/listen}, the tasks extension's methods and the notifications a client
 * sends. The features (tools, prompts, resources, completion, logging, skills) answer the rest.
 */
final class ProtocolMethods {
    private static final Logger log = LoggerFactory.getLogger(ProtocolMethods.class);

    private ProtocolMethods() {
    }

    /** {@code initialize}: the table serves it only on the stateful wire, so its caller is a session. */
    public static Object initialize(Call call) {
        return call.session().initialize(call.params());
    }

    public static Object ping(Call call) {
        return Map.of();
    }

    /**
     * {@code server/discover} (2026-07-28): the revisions, capabilities and extensions served. This and the other
     * methods the table serves only on the stateless wire are called by a {@link StatelessCaller}.
     */
    public static Object discover(Call call) {
        return ((StatelessCaller) call.caller()).requests().discover();
    }

    /**
     * {@code subscriptions/listen} (2026-07-28): opens the stream, acknowledges it and holds it open until the client
     * cancels it or goes away (which interrupts this thread); it never answers.
     */
    public static Object listen(Call call) throws InterruptedException {
        var exchange = (StatelessCaller) call.caller();
        StatelessCall listening = exchange.requests().subscriptions().listen(call.id(), call.params(),
                exchange.reply());
        try {
            while (true) Thread.sleep(Long.MAX_VALUE);
        } finally {
            listening.cancel();
        }
    }

    /** {@code tasks/get}: the task as it is now, answered where the task lives. */
    public static final TaskHandler GET_TASK = new TaskHandler(TaskMethods::get, TaskMethods::orphanedGet);
    /** {@code tasks/update}: answers to the task's input requests. */
    public static final TaskHandler UPDATE_TASK = new TaskHandler(TaskMethods::update,
            TaskMethods::orphanedAcknowledged);
    /** {@code tasks/cancel}: stops the task. */
    public static final TaskHandler CANCEL_TASK = new TaskHandler(TaskMethods::cancel,
            TaskMethods::orphanedAcknowledged);

    /** {@code notifications/cancelled}: stops the request it names, if it is still in flight. */
    public static void cancelled(ServerSession session, Params params) {
        RequestId requestId = RequestId.fromTree(params.values().get("requestId")).orElse(null);
        if (requestId == null) {
            log.warn("ignored notifications/cancelled without a valid requestId");
            return;
        }
        session.cancel(requestId, params.values().get("reason") instanceof String r ? r : "no reason given");
    }

    /** {@code notifications/roots/list_changed}: tells the plugins that listen for it, each on a thread of its own. */
    public static void rootsChanged(ServerSession session, Params params) {
        for (RootsListenerEntry entry : session.host().registry().rootsListeners()) {
            Thread.ofVirtual().name("mcp-roots-changed").start(() -> {
                if (!entry.owner().enter()) return;
                try {
                    entry.listener().rootsChanged(session.detachedContext(entry.owner()));
                } catch (Exception e) {
                    log.warn("plugin {} failed on roots/list_changed", entry.owner().name(), e);
                } finally {
                    entry.owner().exit();
                }
            });
        }
    }

    /** A notification that needs nothing done ({@code initialized}, a client's {@code progress}). */
    public static void nothing(ServerSession session, Params params) {
    }
}
