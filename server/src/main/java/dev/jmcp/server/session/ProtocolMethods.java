package dev.jmcp.server.session;

import dev.jmcp.protocol.jsonrpc.RequestId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;

/**
 * The handlers of what the protocol itself answers, as {@link dev.jmcp.server.methods.Methods} lists them: opening a session,
 * {@code ping}, discovery, {@code subscriptions/listen}, the tasks extension's methods and the notifications a client
 * sends. The features (tools, prompts, resources, completion, logging, skills) answer the rest.
 */
public final class ProtocolMethods {
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

    /** {@code server/discover} (2026-07-28): the revisions, capabilities and extensions served. */
    public static Object discover(Call call) {
        return call.engine().stateless().discover();
    }

    /**
     * {@code subscriptions/listen} (2026-07-28): opens the stream, acknowledges it and holds it open until the client
     * cancels it or goes away (which interrupts this thread); it never answers.
     */
    public static Object listen(Call call) throws InterruptedException {
        var exchange = (StatelessCaller) call.caller();
        StatelessCall listening = call.engine().stateless().subscriptions().listen(call.id(), call.params(),
                exchange.reply());
        try {
            while (true) Thread.sleep(Long.MAX_VALUE);
        } finally {
            listening.cancel();
        }
    }

    /** {@code tasks/get}, {@code tasks/update}, {@code tasks/cancel}, answered where the task lives. */
    public static Object task(Call call) {
        return call.engine().stateless().task(call.params());
    }

    /** {@code notifications/cancelled}: stops the request it names, if it is still in flight. */
    public static void cancelled(ServerSession session, Params params) {
        RequestId requestId = RequestId.fromTree(params.values().get("requestId")).orElse(null);
        if (requestId == null) {
            log.warn("ignored notifications/cancelled without a valid requestId");
            return;
        }
        session.cancel(requestId, params.values().get("reason") instanceof String r ? r : "no reason given");
    }

    /** {@code notifications/roots/list_changed}: tells the plugins that listen for it. */
    public static void rootsChanged(ServerSession session, Params params) {
        session.engine().rootsChanged(session);
    }

    /** A notification that needs nothing done ({@code initialized}, a client's {@code progress}). */
    public static void nothing(ServerSession session, Params params) {
    }
}
