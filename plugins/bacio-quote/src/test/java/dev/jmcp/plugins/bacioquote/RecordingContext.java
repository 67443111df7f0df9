package dev.jmcp.plugins.bacioquote;

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

/** A request context for unit tests: records progress and log calls; the client supports nothing else. */
final class RecordingContext implements RequestContext {
    record Progress(double progress, Double total, String message) {
    }

    record Log(LoggingLevel level, String logger, Object data) {
    }

    final List<Progress> progress = new CopyOnWriteArrayList<>();
    final List<Log> logs = new CopyOnWriteArrayList<>();
    private final boolean hasProgressToken;

    RecordingContext(boolean hasProgressToken) {
        this.hasProgressToken = hasProgressToken;
    }

    RecordingContext() {
        this(false);
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
        return hasProgressToken;
    }

    @Override
    public void progress(double progress, Double total, String message) {
        if (hasProgressToken) this.progress.add(new Progress(progress, total, message));
    }

    @Override
    public void log(LoggingLevel level, String logger, Object data) {
        logs.add(new Log(level, logger, data));
    }

    @Override
    public void resourceUpdated(String uri) {
    }

    @Override
    public boolean isCancelled() {
        return Thread.currentThread().isInterrupted();
    }

    @Override
    public boolean clientSupportsRoots() {
        return false;
    }

    @Override
    public boolean clientSupportsSampling() {
        return false;
    }

    @Override
    public boolean clientSupportsElicitation() {
        return false;
    }

    @Override
    public boolean clientSupportsUrlElicitation() {
        return false;
    }

    @Override
    public List<Root> roots(Duration timeout) {
        throw new ClientRequestException(ClientRequestException.Reason.NOT_SUPPORTED, "no roots in unit tests");
    }

    @Override
    public CreateMessageResult sample(CreateMessageRequest request, Duration timeout) {
        throw new ClientRequestException(ClientRequestException.Reason.NOT_SUPPORTED, "no sampling in unit tests");
    }

    @Override
    public ElicitResult elicit(ElicitRequest request, Duration timeout) {
        throw new ClientRequestException(ClientRequestException.Reason.NOT_SUPPORTED, "no elicitation in unit tests");
    }
}
