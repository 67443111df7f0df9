package dev.jmcp.server.session;

import dev.jmcp.plugin.ClientRequestException;
import dev.jmcp.plugin.ClientRequestException.Reason;
import dev.jmcp.plugin.PluginConfig;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.Implementation;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.Root;
import dev.jmcp.protocol.ServerRequests;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.json.JsonTrees;
import dev.jmcp.protocol.jsonrpc.RequestId;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@link RequestContext} of a stateful session: progress and log notifications go out on the session's
 * connection tied to the request, and questions to the client are requests the session sends and waits on.
 */
public final class CallContext implements RequestContext {
    private static final JsonCodec CODEC = JsonCodec.shared();

    private final ServerSession session;
    private final RequestId requestId;
    private final Object progressToken;
    private final PluginConfig config;
    private final InFlight inFlight;

    CallContext(ServerSession session, RequestId requestId, Object progressToken, PluginConfig config, InFlight inFlight) {
        this.session = session;
        this.requestId = requestId;
        this.progressToken = progressToken;
        this.config = config;
        this.inFlight = inFlight;
    }

    @Override
    public String protocolVersion() {
        return session.version().wire();
    }

    @Override
    public Implementation clientInfo() {
        return session.clientInfo();
    }

    @Override
    public PluginConfig config() {
        return config;
    }

    @Override
    public boolean hasProgressToken() {
        return progressToken != null;
    }

    @Override
    public void progress(double progress, Double total, String message) {
        if (progressToken == null) return;
        session.notify("notifications/progress", RequestContexts.progress(progressToken, progress, total, message,
                session.version().hasProgressMessage()), requestId);
    }

    @Override
    public void log(LoggingLevel level, String logger, Object data) {
        session.log(level, logger, JsonTrees.plain(data), requestId);
    }

    @Override
    public void resourceUpdated(String uri) {
        session.host().resourceUpdated(uri);
    }

    @Override
    public boolean closeResponseConnection() {
        return requestId != null && session.closeStream(requestId);
    }

    @Override
    public boolean isCancelled() {
        return inFlight.cancelled();
    }

    @Override
    public boolean clientSupportsRoots() {
        return session.clientCapability("roots") != null;
    }

    @Override
    public boolean clientSupportsSampling() {
        return session.clientCapability("sampling") != null;
    }

    @Override
    public Map<String, Object> clientCapabilities() {
        return session.clientCapabilities();
    }

    @Override
    public boolean clientSupportsElicitation() {
        return session.version().hasElicitation() && session.clientCapability("elicitation") != null;
    }

    @Override
    public boolean clientSupportsUrlElicitation() {
        return session.version().hasUrlElicitation()
                && session.clientCapability("elicitation") instanceof Map<?, ?> e && e.get("url") != null;
    }

    @Override
    public List<Root> roots(Duration timeout) {
        require(clientSupportsRoots(), "roots");
        Object result = session.request(ServerRequests.ROOTS_LIST, null, requestId, timeout);
        if (!(result instanceof Map<?, ?> map) || !(map.get("roots") instanceof List<?> list)) {
            throw new ClientRequestException(Reason.CLIENT_ERROR, "the client's roots/list result has no 'roots' array");
        }
        var roots = new ArrayList<Root>(list.size());
        for (Object item : list) {
            try {
                roots.add(CODEC.fromTree(item, Root.class));
            } catch (IllegalArgumentException e) {
                throw new ClientRequestException(Reason.CLIENT_ERROR, "the client sent a malformed root: " + e.getMessage());
            }
        }
        return roots;
    }

    @Override
    public CreateMessageResult sample(CreateMessageRequest request, Duration timeout) {
        require(clientSupportsSampling(), "sampling");
        if (request.tools() != null) {
            require(RequestContexts.declaresSamplingTools(session.clientCapabilities()), "sampling.tools");
        }
        Object result = session.request(ServerRequests.SAMPLING_CREATE_MESSAGE, CODEC.toTree(request), requestId,
                timeout);
        return read(result, CreateMessageResult.class, ServerRequests.SAMPLING_CREATE_MESSAGE);
    }

    @Override
    public ElicitResult elicit(ElicitRequest request, Duration timeout) {
        if (!session.version().hasElicitation() || (request.isUrlMode() && !session.version().hasUrlElicitation())) {
            throw new ClientRequestException(Reason.NOT_SUPPORTED, "protocol " + session.version().wire() + " has no "
                    + (request.isUrlMode() ? "URL-mode elicitation" : "elicitation") + " (it came with "
                    + (request.isUrlMode() ? "2025-11-25" : "2025-06-18") + "); this session cannot ask the user");
        }
        if (request.isUrlMode()) {
            require(clientSupportsUrlElicitation(), "URL-mode elicitation");
        } else {
            require(clientSupportsElicitation(), "elicitation");
        }
        Object result = session.request(ServerRequests.ELICITATION_CREATE, CODEC.toTree(request), requestId, timeout);
        return read(result, ElicitResult.class, ServerRequests.ELICITATION_CREATE);
    }

    private void require(boolean supported, String capability) {
        if (!supported) {
            throw new ClientRequestException(Reason.NOT_SUPPORTED, "the client did not declare the " + capability
                    + " capability (protocol " + session.version().wire() + ")");
        }
    }

    private static <T> T read(Object result, Class<T> type, String method) {
        try {
            return CODEC.fromTree(result, type);
        } catch (IllegalArgumentException e) {
            throw new ClientRequestException(Reason.CLIENT_ERROR, "the client's " + method + " result is malformed: "
                    + e.getMessage());
        }
    }

    @Override
    public java.util.Optional<dev.jmcp.plugin.Identity> identity() {
        return java.util.Optional.ofNullable(inFlight.identity());
    }
}
