package dev.jmcp.server.otel;

import dev.jmcp.server.observe.CallInfo;
import dev.jmcp.server.observe.CallObserver;
import dev.jmcp.server.observe.CallOutcome;
import dev.jmcp.server.observe.CallSpan;
import dev.jmcp.server.observe.OutgoingCalls;
import dev.jmcp.server.observe.Target;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.sdk.OpenTelemetrySdk;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Traces and metrics of every request, as the OpenTelemetry semantic conventions for MCP name them: a SERVER span
 * {@code "{mcp.method.name} {target}"} with {@code mcp.method.name}, {@code mcp.session.id},
 * {@code mcp.protocol.version}, {@code jsonrpc.request.id}, {@code gen_ai.tool.name} / {@code gen_ai.prompt.name} /
 * {@code mcp.resource.uri}, {@code network.transport} (with tool search, a call through {@code call_tool} is named by
 * the tool it ran, and {@code jmcp.tool.via} says {@code call_tool}), and on failure {@code error.type} and
 * {@code rpc.response.status_code}; the parent is the trace context the client put in {@code params._meta}
 * ({@code traceparent}, {@code tracestate}), and the span is current while the handler runs, so work it does under
 * instrumentation joins the trace. Each request also records {@code mcp.server.operation.duration} (seconds).
 * Thread-safe.
 */
public final class McpTelemetry implements CallObserver, AutoCloseable {
    static final String SCOPE = "dev.jmcp";
    static final AttributeKey<String> METHOD = AttributeKey.stringKey("mcp.method.name");
    static final AttributeKey<String> SESSION = AttributeKey.stringKey("mcp.session.id");
    static final AttributeKey<String> PROTOCOL_VERSION = AttributeKey.stringKey("mcp.protocol.version");
    static final AttributeKey<String> REQUEST_ID = AttributeKey.stringKey("jsonrpc.request.id");
    static final AttributeKey<String> TOOL = AttributeKey.stringKey("gen_ai.tool.name");
    static final AttributeKey<String> PROMPT = AttributeKey.stringKey("gen_ai.prompt.name");
    static final AttributeKey<String> OPERATION = AttributeKey.stringKey("gen_ai.operation.name");
    static final AttributeKey<String> RESOURCE = AttributeKey.stringKey("mcp.resource.uri");
    static final AttributeKey<String> TRANSPORT = AttributeKey.stringKey("network.transport");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
    static final AttributeKey<String> STATUS_CODE = AttributeKey.stringKey("rpc.response.status_code");
    static final AttributeKey<String> PLUGIN = AttributeKey.stringKey("jmcp.plugin.name");
    /** The meta tool a tool was called through ({@code call_tool}, with tool search on). */
    static final AttributeKey<String> VIA = AttributeKey.stringKey("jmcp.tool.via");

    private static final TextMapGetter<Map<String, Object>> META = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Map<String, Object> carrier) {
            return carrier.keySet();
        }

        @Override
        public String get(Map<String, Object> carrier, String key) {
            return carrier != null && carrier.get(key) instanceof String value ? value : null;
        }
    };

    private final OpenTelemetry openTelemetry;
    private final AutoCloseable sdk;
    private final Tracer tracer;
    private final DoubleHistogram duration;
    private final String transport;
    private final Function<CallInfo, String> pluginOf;

    McpTelemetry(OpenTelemetry openTelemetry, AutoCloseable sdk, String transport, Function<CallInfo, String> pluginOf) {
        this.openTelemetry = openTelemetry;
        this.sdk = sdk;
        this.tracer = openTelemetry.getTracer(SCOPE);
        this.duration = openTelemetry.getMeter(SCOPE).histogramBuilder("mcp.server.operation.duration")
                .setDescription("MCP request duration as observed on the server, from receipt to the answer")
                .setUnit("s")
                .setExplicitBucketBoundariesAdvice(List.of(0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0,
                        60.0, 120.0, 300.0))
                .build();
        this.transport = transport;
        this.pluginOf = pluginOf;
    }

    /**
     * The SDK as the {@code OTEL_*} environment variables and system properties configure it (exporters, endpoint,
     * sampler, resource); {@code OTEL_SERVICE_NAME} defaults to {@code jmcp}. {@code transport} is {@code pipe}
     * (stdio) or {@code tcp} (HTTP).
     */
    /**
     * Also reports, as gauges read at each export: {@code mcp.server.sessions} (stateful sessions open),
     * {@code jmcp.plugins.loaded} and {@code jmcp.plugins.failed} (plugin files served, and refused with a reason),
     * {@code jmcp.requests.in_flight} (requests being served, every transport) and {@code jmcp.tasks.held}.
     */
    public McpTelemetry gauges(dev.jmcp.server.McpServer server) {
        var meter = openTelemetry.getMeter(SCOPE);
        meter.upDownCounterBuilder("mcp.server.sessions").setDescription("Stateful MCP sessions open")
                .setUnit("{session}").buildWithCallback(m -> m.record(server.sessionCount()));
        meter.upDownCounterBuilder("jmcp.plugins.loaded").setDescription("Plugin files served")
                .setUnit("{plugin}").buildWithCallback(m -> m.record(server.loadedPlugins().size()));
        meter.upDownCounterBuilder("jmcp.plugins.failed").setDescription("Plugin files refused (failed to load)")
                .setUnit("{plugin}").buildWithCallback(m -> m.record(server.failedPlugins().size()));
        // How much work is queued up: requests being served (each holds a thread) and tasks held.
        meter.upDownCounterBuilder("jmcp.requests.in_flight").setDescription("Requests being served now")
                .setUnit("{request}").buildWithCallback(m -> m.record(server.requestsInFlight()));
        meter.upDownCounterBuilder("jmcp.tasks.held").setDescription("Tasks held (shown, or still running)")
                .setUnit("{task}").buildWithCallback(m -> m.record(server.tasksHeld()));
        return this;
    }

    public static McpTelemetry fromEnvironment(String transport, Function<CallInfo, String> pluginOf) {
        return fromSettings(Map.of(), true, transport, pluginOf);
    }

    /** As {@link #fromEnvironment}, with {@code overrides} (property names, {@code otel.traces.exporter} say) on top. */
    static McpTelemetry fromSettings(Map<String, String> overrides, boolean global, String transport,
                                     Function<CallInfo, String> pluginOf) {
        OpenTelemetrySdk sdk = TelemetrySdk.start(overrides, global);
        return new McpTelemetry(sdk, sdk, transport, pluginOf);
    }

    @Override
    public CallSpan start(CallInfo call) {
        Context parent = openTelemetry.getPropagators().getTextMapPropagator()
                .extract(Context.root(), call.meta(), META);
        String name = call.target() == null ? call.method() : call.method() + " " + call.target();
        AttributesBuilder attributes = Attributes.builder()
                .put(METHOD, call.method())
                .put(REQUEST_ID, String.valueOf(call.id()))
                .put(TRANSPORT, transport);
        if (call.session() != null) attributes.put(SESSION, call.session());
        if (call.revision() != null) attributes.put(PROTOCOL_VERSION, call.revision());
        if (call.via() != null) attributes.put(VIA, call.via());
        if (call.kind() != null) {
            switch (call.kind()) {
                case TOOL -> attributes.put(TOOL, call.target()).put(OPERATION, "execute_tool");
                case PROMPT -> attributes.put(PROMPT, call.target());
                case RESOURCE, SKILL, TASK -> attributes.put(RESOURCE, call.target());
            }
        }
        Attributes common = attributes.build();
        Span span = tracer.spanBuilder(name).setSpanKind(SpanKind.SERVER).setParent(parent)
                .setAllAttributes(common).startSpan();
        String plugin = pluginOf.apply(call);
        if (plugin != null) span.setAttribute(PLUGIN, plugin);
        Scope scope = span.makeCurrent();
        return outcome -> {
            var measured = metricLabels(call, plugin);
            switch (outcome.kind()) {
                case ERROR -> {
                    String code = String.valueOf(outcome.errorCode());
                    span.setAttribute(ERROR_TYPE, code);
                    span.setAttribute(STATUS_CODE, code);
                    span.setStatus(StatusCode.ERROR, outcome.errorMessage() == null ? "" : outcome.errorMessage());
                    measured.put(ERROR_TYPE, code).put(STATUS_CODE, code);
                    // A name the server does not know is whatever the client sent: not a bounded label.
                    if (outcome.errorCode() == -32601) measured.put(METHOD, "_OTHER");
                    if (outcome.errorCode() == -32602 && plugin == null) measured.remove(TOOL).remove(PROMPT)
                            .remove(OPERATION);
                }
                case TOOL_ERROR -> {
                    span.setAttribute(ERROR_TYPE, "tool_error");
                    span.setStatus(StatusCode.ERROR, "the tool's result is an error");
                    measured.put(ERROR_TYPE, "tool_error");
                }
                case CANCELLED -> {
                    span.setAttribute(ERROR_TYPE, "cancelled");
                    measured.put(ERROR_TYPE, "cancelled");
                }
                case OK -> {
                }
            }
            scope.close();
            span.end();
            duration.record((outcome.endNanos() - call.startNanos()) / 1e9, measured.build(), parent);
        };
    }

    /**
     * The duration metric's labels: bounded sets only (method, tool or prompt, revision, transport, plugin, and the
     * error type added at the end), as each distinct set makes a series of its own. The session, the request id and
     * the resource URI name one call or one client: they go on the span, never here.
     */
    private AttributesBuilder metricLabels(CallInfo call, String plugin) {
        AttributesBuilder labels = Attributes.builder().put(METHOD, call.method()).put(TRANSPORT, transport);
        if (call.revision() != null) labels.put(PROTOCOL_VERSION, call.revision());
        if (plugin != null) labels.put(PLUGIN, plugin);
        if (call.kind() != null) {
            switch (call.kind()) {
                // A tool named through call_tool that no plugin serves is whatever the client sent: the meta
                // tool's name stands in for it, so the label stays a bounded set.
                case TOOL -> labels.put(TOOL, call.via() != null && plugin == null ? call.via()
                        : call.target()).put(OPERATION, "execute_tool");
                case PROMPT -> labels.put(PROMPT, call.target());
                case RESOURCE, SKILL, TASK -> {
                }
            }
        }
        return labels;
    }

    /**
     * Spans for the calls jmcp makes to other servers for a caller (mounts, plugins in processes of their own): a
     * {@code CLIENT} span, child of the caller's, named like the server's, whose context goes along in {@code _meta}.
     */
    public OutgoingCalls outgoing() {
        return (method, kind, target, server) -> {
            Context parent = Context.current();
            var builder = tracer.spanBuilder(target == null ? method : method + " " + target)
                    .setSpanKind(SpanKind.CLIENT).setParent(parent).setAttribute(METHOD, method);
            if (server != null) builder.setAttribute(PLUGIN, server);
            if (target != null && kind == Target.TOOL) builder.setAttribute(TOOL, target);
            Span span = builder.startSpan();
            var meta = new HashMap<String, String>();
            openTelemetry.getPropagators().getTextMapPropagator().inject(parent.with(span), meta, HashMap::put);
            return new OutgoingCalls.Outgoing(meta, outcome -> {
                switch (outcome.kind()) {
                    case ERROR -> {
                        span.setAttribute(ERROR_TYPE, String.valueOf(outcome.errorCode()));
                        span.setStatus(StatusCode.ERROR, outcome.errorMessage() == null ? "" : outcome.errorMessage());
                    }
                    case TOOL_ERROR -> {
                        span.setAttribute(ERROR_TYPE, "tool_error");
                        span.setStatus(StatusCode.ERROR, "the tool's result is an error");
                    }
                    case CANCELLED -> span.setAttribute(ERROR_TYPE, "cancelled");
                    case OK -> {
                    }
                }
                span.end();
            });
        };
    }

    /** Flushes what is buffered and stops the exporters. */
    @Override
    public void close() {
        try {
            sdk.close();
        } catch (Exception e) {
            // Telemetry failing at exit must not change how the server exits.
        }
    }
}
