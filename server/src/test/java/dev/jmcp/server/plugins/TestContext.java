package dev.jmcp.server.plugins;

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

/** A request context for calling plugin handlers directly: no client behind it, so it asks nothing of one. */
final class TestContext implements RequestContext {
    static final TestContext INSTANCE = new TestContext();

    private TestContext() {
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
        return false;
    }

    @Override
    public void progress(double progress, Double total, String message) {
    }

    @Override
    public void log(LoggingLevel level, String logger, Object data) {
    }

    @Override
    public void resourceUpdated(String uri) {
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
        throw new UnsupportedOperationException("no client in this test");
    }

    @Override
    public CreateMessageResult sample(CreateMessageRequest request, Duration timeout) {
        throw new UnsupportedOperationException("no client in this test");
    }

    @Override
    public ElicitResult elicit(ElicitRequest request, Duration timeout) {
        throw new UnsupportedOperationException("no client in this test");
    }
}
