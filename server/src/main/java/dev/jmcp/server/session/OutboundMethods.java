package dev.jmcp.server.session;

import dev.jmcp.plugin.InputRequest;
import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.Root;
import dev.jmcp.protocol.ServerNotifications;
import dev.jmcp.protocol.ServerRequests;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.server.state.ListKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The outbound method table: every request and notification the server sends its client, as {@link MethodTable} is
 * for those it answers. Requests are {@link OutboundRequest} rows (their names spelled once, in the protocol's
 * {@link ServerRequests}, which the client answers by); notifications are named here and nowhere else in the server.
 * Stateless.
 */
public final class OutboundMethods {
    private static final JsonCodec CODEC = JsonCodec.shared();

    /** {@code roots/list}: the client's roots (capability {@code roots}, every revision); sent without params. */
    public static final OutboundRequest ROOTS_LIST = new OutboundRequest(ServerRequests.ROOTS_LIST, "roots",
            version -> true, List.of(), request -> null, params -> InputRequest.listRoots(), OutboundMethods::roots,
            answer -> Map.of("roots", ((List<?>) answer).stream().map(CODEC::toTree).toList()));
    /**
     * {@code sampling.tools} (2025-11-25): "Servers MUST NOT send tool-enabled sampling requests to clients that have
     * not declared support for tool use via the {@code sampling.tools} capability".
     */
    public static final OutboundRequest.Feature SAMPLING_TOOLS = new OutboundRequest.Feature("tools",
            "tool use in sampling", request -> request instanceof InputRequest.Sample sample
                    && sample.request().tools() != null, ProtocolVersion::hasSamplingTools);
    /** {@code elicitation.url} (2025-11-25): a URL-mode elicitation goes to a client that declared it only. */
    public static final OutboundRequest.Feature URL_ELICITATION = new OutboundRequest.Feature("url",
            "URL-mode elicitation", request -> request instanceof InputRequest.Elicit elicit
                    && elicit.request().isUrlMode(), ProtocolVersion::hasUrlElicitation);

    /**
     * {@code sampling/createMessage}: a completion from the client's model (capability {@code sampling}, every
     * revision; {@code sampling.tools} for one that offers the model tools).
     */
    public static final OutboundRequest SAMPLING_CREATE_MESSAGE = new OutboundRequest(
            ServerRequests.SAMPLING_CREATE_MESSAGE, "sampling", version -> true, List.of(SAMPLING_TOOLS),
            request -> CODEC.toTree(((InputRequest.Sample) request).request()),
            params -> InputRequest.sample(CODEC.fromTree(params, CreateMessageRequest.class)),
            result -> CODEC.fromTree(result, CreateMessageResult.class), CODEC::toTree);
    /**
     * {@code elicitation/create}: information from the client's user (capability {@code elicitation}, from 2025-06-18
     * on; {@code elicitation.url} for a URL-mode one).
     */
    public static final OutboundRequest ELICITATION_CREATE = new OutboundRequest(ServerRequests.ELICITATION_CREATE,
            "elicitation", ProtocolVersion::hasElicitation, List.of(URL_ELICITATION),
            request -> CODEC.toTree(((InputRequest.Elicit) request).request()),
            params -> InputRequest.elicit(CODEC.fromTree(params, ElicitRequest.class)),
            result -> CODEC.fromTree(result, ElicitResult.class), CODEC::toTree);

    private static final Map<String, OutboundRequest> REQUESTS = Map.of(ROOTS_LIST.name(), ROOTS_LIST,
            SAMPLING_CREATE_MESSAGE.name(), SAMPLING_CREATE_MESSAGE, ELICITATION_CREATE.name(), ELICITATION_CREATE);

    /** A request's progress ({@code progressToken}). */
    public static final String PROGRESS = ServerNotifications.PROGRESS;
    /** A log message at or above the level the client set. */
    public static final String MESSAGE = ServerNotifications.MESSAGE;
    /** A resource the client subscribed to changed. */
    public static final String RESOURCE_UPDATED = ServerNotifications.RESOURCE_UPDATED;
    /** The server stops a request it sent the client. */
    public static final String CANCELLED = ServerNotifications.CANCELLED;
    /** 2026-07-28: which notifications a {@code subscriptions/listen} stream will carry. */
    public static final String SUBSCRIPTIONS_ACKNOWLEDGED = ServerNotifications.SUBSCRIPTIONS_ACKNOWLEDGED;
    public static final String TOOLS_LIST_CHANGED = ServerNotifications.TOOLS_LIST_CHANGED;
    public static final String PROMPTS_LIST_CHANGED = ServerNotifications.PROMPTS_LIST_CHANGED;
    public static final String RESOURCES_LIST_CHANGED = ServerNotifications.RESOURCES_LIST_CHANGED;

    private OutboundMethods() {
    }

    /** The row of the request a handler's {@code input} is sent as. */
    public static OutboundRequest of(InputRequest input) {
        return switch (input) {
            case InputRequest.ListRoots r -> ROOTS_LIST;
            case InputRequest.Sample s -> SAMPLING_CREATE_MESSAGE;
            case InputRequest.Elicit e -> ELICITATION_CREATE;
        };
    }

    /** The outbound request {@code name}, or null when the server sends none by that name. */
    public static OutboundRequest request(String name) {
        return REQUESTS.get(name);
    }

    /** What tells the client that the list of {@code kind} changed. */
    public static String listChanged(ListKind kind) {
        return switch (kind) {
            case TOOLS -> TOOLS_LIST_CHANGED;
            case PROMPTS -> PROMPTS_LIST_CHANGED;
            case RESOURCES -> RESOURCES_LIST_CHANGED;
        };
    }

    private static List<Root> roots(Object result) {
        if (!(result instanceof Map<?, ?> map) || !(map.get("roots") instanceof List<?> list)) {
            throw new IllegalArgumentException("it has no 'roots' array");
        }
        var roots = new ArrayList<Root>(list.size());
        for (Object item : list) roots.add(CODEC.fromTree(item, Root.class));
        return roots;
    }
}
