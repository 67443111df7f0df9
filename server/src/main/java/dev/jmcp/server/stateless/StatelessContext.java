package dev.jmcp.server.stateless;

import dev.jmcp.server.session.OutboundMethods;
import dev.jmcp.server.session.OutboundRequest;
import dev.jmcp.server.session.InFlight;
import dev.jmcp.server.session.RequestContexts;

import dev.jmcp.plugin.ClientRequestException;
import dev.jmcp.plugin.InputRequest;
import dev.jmcp.plugin.InputResponses;
import dev.jmcp.plugin.PluginConfig;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.Implementation;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.Root;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.json.JsonTrees;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The {@link RequestContext} of a stateless (2026-07-28) request. Progress and log messages go out on the request's
 * own response; log messages only when the request asked for them ({@code _meta} logLevel). Questions to the client
 * are MRTR: an input the request brought back is returned at once, and a missing one ends the call with an
 * {@code input_required} result (or -32021 when the request did not declare the capability it needs).
 */
final class StatelessContext implements RequestContext {
    private static final JsonCodec CODEC = JsonCodec.shared();

    private final StatelessCaller exchange;
    private final Object progressToken;
    private final PluginConfig config;
    private final InFlight inFlight;
    private final AtomicInteger asked = new AtomicInteger();

    StatelessContext(StatelessCaller exchange, Object progressToken, PluginConfig config, InFlight inFlight) {
        this.exchange = exchange;
        this.progressToken = progressToken;
        this.config = config;
        this.inFlight = inFlight;
    }

    @Override
    public String protocolVersion() {
        return exchange.version().wire();
    }

    @Override
    public Implementation clientInfo() {
        return exchange.envelope().clientInfo();
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
        exchange.send(OutboundMethods.PROGRESS, RequestContexts.progress(progressToken, progress, total, message, true));
    }

    @Override
    public void log(LoggingLevel level, String logger, Object data) {
        LoggingLevel wanted = exchange.envelope().logLevel();
        // 2026-07-28: a request that names no log level gets no log messages.
        if (wanted == null || !level.isAtLeast(wanted)) return;
        var params = new LinkedHashMap<String, Object>();
        params.put("level", level.toString());
        if (logger != null) params.put("logger", logger);
        params.put("data", JsonTrees.plain(data));
        exchange.send(OutboundMethods.MESSAGE, params);
    }

    @Override
    public void resourceUpdated(String uri) {
        exchange.host().resourceUpdated(uri);
    }

    @Override
    public boolean isCancelled() {
        return inFlight.cancelled();
    }

    @Override
    public Map<String, Object> clientCapabilities() {
        return exchange.envelope().clientCapabilities();
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
    public boolean clientSupportsElicitation() {
        return supports(OutboundMethods.ELICITATION_CREATE);
    }

    /** Whether the request's revision has {@code method} and its client declared the capability it needs. */
    private boolean supports(OutboundRequest method) {
        return method.answerableBy(exchange.version(), exchange.envelope().clientCapabilities());
    }

    @Override
    public boolean clientSupportsUrlElicitation() {
        return OutboundMethods.ELICITATION_CREATE.answerableBy(exchange.version(),
                exchange.envelope().clientCapabilities(), OutboundMethods.URL_ELICITATION);
    }

    @Override
    public List<Root> roots(Duration timeout) {
        String key = key(OutboundMethods.ROOTS_LIST.capability());
        return requestInputs(Map.of(key, InputRequest.listRoots()), timeout).roots(key);
    }

    @Override
    public CreateMessageResult sample(CreateMessageRequest request, Duration timeout) {
        String key = key(OutboundMethods.SAMPLING_CREATE_MESSAGE.capability());
        return requestInputs(Map.of(key, InputRequest.sample(request)), timeout).sampling(key);
    }

    @Override
    public ElicitResult elicit(ElicitRequest request, Duration timeout) {
        String key = key(OutboundMethods.ELICITATION_CREATE.capability());
        return requestInputs(Map.of(key, InputRequest.elicit(request)), timeout).elicitation(key);
    }

    /**
     * Keys for the single-input methods (named by the capability of their row), the same on every run of the handler
     * as long as it asks in the same order.
     */
    private String key(String kind) {
        return kind + "-" + asked.incrementAndGet();
    }

    @Override
    public void startTask() {
        TaskRun run = exchange.taskRun();
        if (run != null) run.start();
    }

    @Override
    public boolean inTask() {
        TaskRun run = exchange.taskRun();
        return run != null && run.started();
    }

    @Override
    public InputResponses requestInputs(Map<String, InputRequest> requests, Duration timeout) {
        refuseUndeclaredFeatures(requests.values());
        if (inTask()) return awaitInTask(requests, timeout);
        var answers = new LinkedHashMap<String, Object>();
        var missing = new LinkedHashMap<String, InputRequest>();
        for (var entry : requests.entrySet()) {
            Object raw = exchange.provided(entry.getKey());
            Object answer = raw == null ? null : read(entry.getValue(), raw);
            if (answer == null) {
                missing.put(entry.getKey(), entry.getValue());
            } else {
                answers.put(entry.getKey(), answer);
                exchange.accept(entry.getKey(), raw);
            }
        }
        if (!missing.isEmpty()) {
            var lacking = undeclared(missing.values());
            if (!lacking.isEmpty()) throw exchange.end(new UnmetInput.MissingCapability(new ArrayList<>(lacking)));
            throw exchange.end(new UnmetInput.Required(missing));
        }
        return new InputResponses(answers);
    }

    /**
     * Refuses a request that needs a part of a capability the client declared without it ({@code sampling.tools},
     * {@code elicitation.url}), in the words of its row, as a stateful session's call refuses it. A capability not
     * declared at all is 2026-07-28's own error (-32021, {@link UnmetInput.MissingCapability}), which names it.
     */
    private void refuseUndeclaredFeatures(Iterable<InputRequest> requests) {
        Map<String, Object> declared = exchange.envelope().clientCapabilities();
        for (InputRequest request : requests) {
            OutboundRequest method = OutboundMethods.of(request);
            if (!method.declaredIn(declared)) continue;
            String refused = method.refusal(request, exchange.version(), declared);
            if (refused != null) throw new ClientRequestException(ClientRequestException.Reason.NOT_SUPPORTED, refused);
        }
    }

    /**
     * The capabilities, as their rows of the outbound table name them, that {@code requests} need and the client did
     * not declare.
     */
    private LinkedHashSet<String> undeclared(Iterable<InputRequest> requests) {
        var lacking = new LinkedHashSet<String>();
        for (InputRequest request : requests) {
            OutboundRequest method = OutboundMethods.of(request);
            if (!method.declaredIn(exchange.envelope().clientCapabilities())) lacking.add(method.capability());
        }
        return lacking;
    }

    /**
     * Inside a task, inputs are the task's {@code inputRequests}: the task is {@code input_required} and this thread
     * waits for {@code tasks/update} to bring the answers.
     */
    private InputResponses awaitInTask(Map<String, InputRequest> requests, Duration timeout) {
        var lacking = undeclared(requests.values());
        if (!lacking.isEmpty()) {
            throw new ClientRequestException(ClientRequestException.Reason.NOT_SUPPORTED, "the client did not declare "
                    + String.join(", ", lacking) + " on the request that started this task");
        }
        Map<String, Object> raw;
        try {
            raw = exchange.taskRun().task().awaitInputs(StatelessCaller.wire(requests), timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClientRequestException(ClientRequestException.Reason.CANCELLED, "the task was cancelled");
        } catch (TimeoutException e) {
            throw new ClientRequestException(ClientRequestException.Reason.TIMEOUT, e.getMessage());
        }
        var answers = new LinkedHashMap<String, Object>();
        for (var entry : requests.entrySet()) {
            Object answer = read(entry.getValue(), raw.get(entry.getKey()));
            if (answer == null) {
                throw new ClientRequestException(ClientRequestException.Reason.CLIENT_ERROR, "the answer to '"
                        + entry.getKey() + "' is not a result of " + OutboundMethods.of(entry.getValue()).capability());
            }
            answers.put(entry.getKey(), answer);
        }
        return new InputResponses(answers);
    }

    /** The client's answer as the type the request calls for; null when it is not one (asked again). */
    private static Object read(InputRequest request, Object raw) {
        try {
            return OutboundMethods.of(request).answer().apply(raw);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    @Override
    public java.util.Optional<dev.jmcp.plugin.Identity> identity() {
        return java.util.Optional.ofNullable(inFlight.identity());
    }
}
