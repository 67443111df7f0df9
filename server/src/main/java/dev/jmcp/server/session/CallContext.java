package dev.jmcp.server.session;

import dev.jmcp.plugin.ClientRequestException;
import dev.jmcp.plugin.ClientRequestException.Reason;
import dev.jmcp.plugin.InputRequest;
import dev.jmcp.plugin.PluginConfig;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.Implementation;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.Root;
import dev.jmcp.protocol.json.JsonTrees;
import dev.jmcp.protocol.jsonrpc.RequestId;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The {@link RequestContext} of a stateful session: progress and log notifications go out on the session's
 * connection tied to the request, and questions to the client are requests the session sends and waits on.
 */
final class CallContext implements RequestContext {

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
        session.notify(OutboundMethods.PROGRESS, RequestContexts.progress(progressToken, progress, total, message,
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
        return supports(OutboundMethods.ROOTS_LIST);
    }

    @Override
    public boolean clientSupportsSampling() {
        return supports(OutboundMethods.SAMPLING_CREATE_MESSAGE);
    }

    @Override
    public Map<String, Object> clientCapabilities() {
        return session.clientCapabilities();
    }

    @Override
    public boolean clientSupportsElicitation() {
        return supports(OutboundMethods.ELICITATION_CREATE);
    }

    @Override
    public boolean clientSupportsUrlElicitation() {
        return OutboundMethods.ELICITATION_CREATE.answerableBy(session.version(), session.clientCapabilities(),
                OutboundMethods.URL_ELICITATION);
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<Root> roots(Duration timeout) {
        return (List<Root>) ask(InputRequest.listRoots(), timeout);
    }

    @Override
    public CreateMessageResult sample(CreateMessageRequest request, Duration timeout) {
        return (CreateMessageResult) ask(InputRequest.sample(request), timeout);
    }

    @Override
    public ElicitResult elicit(ElicitRequest request, Duration timeout) {
        return (ElicitResult) ask(InputRequest.elicit(request), timeout);
    }

    /** Whether this session's revision has {@code method} and its client declared the capability it needs. */
    private boolean supports(OutboundRequest method) {
        return method.answerableBy(session.version(), session.clientCapabilities());
    }

    /**
     * Sends {@code input} as the request its row of the outbound table says, and reads the client's answer; refused,
     * in the row's words, when the session's revision or its client's capabilities do not allow it.
     */
    private Object ask(InputRequest input, Duration timeout) {
        OutboundRequest method = OutboundMethods.of(input);
        String refused = method.refusal(input, session.version(), session.clientCapabilities());
        if (refused != null) throw new ClientRequestException(Reason.NOT_SUPPORTED, refused);
        Object result = session.request(method.name(), method.params().apply(input), requestId, timeout);
        try {
            return method.answer().apply(result);
        } catch (IllegalArgumentException e) {
            throw new ClientRequestException(Reason.CLIENT_ERROR, "the client's " + method.name() + " result is "
                    + "malformed: " + e.getMessage());
        }
    }

    @Override
    public java.util.Optional<dev.jmcp.plugin.Identity> identity() {
        return java.util.Optional.ofNullable(inFlight.identity());
    }
}
