package dev.jmcp.server.stateless;

import dev.jmcp.server.session.OutboundMethods;
import dev.jmcp.server.session.Params;

import dev.jmcp.protocol.jsonrpc.JsonRpcNotification;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.state.ListKind;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The open {@code subscriptions/listen} streams of the stateless revision, each with the notifications it asked for.
 * A change reaches only the streams open at that moment that asked for its kind, each notification tagged with its
 * stream's subscription id. Thread-safe.
 */
public final class Subscriptions {

    /** One listen stream: what it wants, and where it goes. */
    private record Subscription(Object id, boolean tools, boolean prompts, boolean resources, Set<String> uris,
                                StatelessReply reply, java.util.concurrent.locks.ReentrantLock lock) {
        /** One message at a time per stream, so the acknowledgement is always its first. */
        void send(String method, Map<String, Object> params) {
            var tagged = new LinkedHashMap<String, Object>(params);
            tagged.put("_meta", Map.of(StatelessEnvelope.SUBSCRIPTION_ID, id));
            lock.lock();
            try {
                reply.send(new JsonRpcNotification(method, tagged));
            } finally {
                lock.unlock();
            }
        }
    }

    private final Set<Subscription> open = ConcurrentHashMap.newKeySet();

    int count() {
        return open.size();
    }

    /**
     * Opens a stream for the filter in {@code params.notifications}, acknowledges it on {@code reply} (echoing what it
     * honours) and returns the way to close it.
     */
    public StatelessCall listen(RequestId id, Params params, StatelessReply reply) {
        Params filter = params.values().get("notifications") == null
                ? new Params(params.method(), Map.of()) : params.nested("notifications");
        boolean tools = Boolean.TRUE.equals(filter.values().get("toolsListChanged"));
        boolean prompts = Boolean.TRUE.equals(filter.values().get("promptsListChanged"));
        boolean resources = Boolean.TRUE.equals(filter.values().get("resourcesListChanged"));
        List<Object> uris = filter.optionalList("resourceSubscriptions");
        var uriSet = new java.util.LinkedHashSet<String>();
        if (uris != null) {
            for (Object uri : uris) {
                if (!(uri instanceof String s)) throw filter.invalid("resourceSubscriptions", "must be an array of URIs");
                uriSet.add(s);
            }
        }
        var honoured = new LinkedHashMap<String, Object>();
        if (tools) honoured.put("toolsListChanged", true);
        if (prompts) honoured.put("promptsListChanged", true);
        if (resources) honoured.put("resourcesListChanged", true);
        if (!uriSet.isEmpty()) honoured.put("resourceSubscriptions", List.copyOf(uriSet));
        var subscription = new Subscription(id.value(), tools, prompts, resources, Set.copyOf(uriSet), reply,
                new java.util.concurrent.locks.ReentrantLock());
        // Registered before it is acknowledged, under its own lock: a change racing the listen is neither lost nor
        // sent ahead of the acknowledgement.
        subscription.lock().lock();
        try {
            open.add(subscription);
            subscription.send(OutboundMethods.SUBSCRIPTIONS_ACKNOWLEDGED, Map.of("notifications", honoured));
        } finally {
            subscription.lock().unlock();
        }
        return () -> open.remove(subscription);
    }

    public void registryChanged(Set<ListKind> kinds) {
        for (var subscription : open) {
            Thread.ofVirtual().name("mcp-listen-changed").start(() -> {
                if (kinds.contains(ListKind.TOOLS) && subscription.tools()) {
                    subscription.send(OutboundMethods.TOOLS_LIST_CHANGED, Map.of());
                }
                if (kinds.contains(ListKind.PROMPTS) && subscription.prompts()) {
                    subscription.send(OutboundMethods.PROMPTS_LIST_CHANGED, Map.of());
                }
                if (kinds.contains(ListKind.RESOURCES) && subscription.resources()) {
                    subscription.send(OutboundMethods.RESOURCES_LIST_CHANGED, Map.of());
                }
            });
        }
    }

    public void resourceUpdated(String uri) {
        for (var subscription : open) {
            if (subscription.uris().contains(uri)) {
                // The plugin that changed the resource never waits on a client slow to read its stream.
                Thread.ofVirtual().name("mcp-listen-updated").start(
                        () -> subscription.send(OutboundMethods.RESOURCE_UPDATED, Map.of("uri", uri)));
            }
        }
    }
}
