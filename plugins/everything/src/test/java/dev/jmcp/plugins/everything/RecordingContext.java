package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.ClientRequestException;
import dev.jmcp.plugin.PluginConfig;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.Implementation;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.Root;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * A request context that records what a handler sends the client (progress, log messages, resource updates,
 * sampling and elicitation requests) and answers the client's side with canned functions. Thread-safe.
 */
final class RecordingContext implements RequestContext {
    record Progress(double progress, Double total, String message) {
    }

    record Log(LoggingLevel level, String logger, Object data) {
    }

    final List<Progress> progress = new CopyOnWriteArrayList<>();
    final List<Log> logs = new CopyOnWriteArrayList<>();
    final List<String> updatedUris = new CopyOnWriteArrayList<>();
    final List<CreateMessageRequest> samplingRequests = new CopyOnWriteArrayList<>();
    final List<ElicitRequest> elicitations = new CopyOnWriteArrayList<>();
    volatile int connectionCloses;

    private final boolean progressToken;
    private final boolean closableConnection;
    private final Function<CreateMessageRequest, CreateMessageResult> model;
    private final Function<ElicitRequest, ElicitResult> user;

    RecordingContext(boolean progressToken, boolean closableConnection,
                     Function<CreateMessageRequest, CreateMessageResult> model, Function<ElicitRequest, ElicitResult> user) {
        this.progressToken = progressToken;
        this.closableConnection = closableConnection;
        this.model = model;
        this.user = user;
    }

    /** A context whose client declared nothing and sent no progress token. */
    static RecordingContext plain() {
        return new RecordingContext(false, false, null, null);
    }

    @Override
    public String protocolVersion() {
        return "2025-11-25";
    }

    @Override
    public Implementation clientInfo() {
        return null;
    }

    @Override
    public PluginConfig config() {
        return key -> Optional.empty();
    }

    @Override
    public boolean hasProgressToken() {
        return progressToken;
    }

    @Override
    public void progress(double value, Double total, String message) {
        if (progressToken) progress.add(new Progress(value, total, message));
    }

    @Override
    public void log(LoggingLevel level, String logger, Object data) {
        logs.add(new Log(level, logger, data));
    }

    @Override
    public void resourceUpdated(String uri) {
        updatedUris.add(uri);
    }

    @Override
    public boolean closeResponseConnection() {
        connectionCloses++;
        return closableConnection;
    }

    @Override
    public boolean isCancelled() {
        return false;
    }

    @Override
    public boolean clientSupportsRoots() {
        return false;
    }

    @Override
    public boolean clientSupportsSampling() {
        return model != null;
    }

    @Override
    public boolean clientSupportsElicitation() {
        return user != null;
    }

    @Override
    public boolean clientSupportsUrlElicitation() {
        return false;
    }

    @Override
    public List<Root> roots(Duration timeout) {
        throw new ClientRequestException(ClientRequestException.Reason.NOT_SUPPORTED, "no roots");
    }

    @Override
    public CreateMessageResult sample(CreateMessageRequest request, Duration timeout) {
        if (model == null) throw new ClientRequestException(ClientRequestException.Reason.NOT_SUPPORTED, "no sampling");
        samplingRequests.add(request);
        return model.apply(request);
    }

    @Override
    public ElicitResult elicit(ElicitRequest request, Duration timeout) {
        if (user == null) throw new ClientRequestException(ClientRequestException.Reason.NOT_SUPPORTED, "no elicitation");
        elicitations.add(request);
        return user.apply(request);
    }
}
