package dev.jmcp.server.stateless;

import dev.jmcp.plugin.ClientRequestException;
import dev.jmcp.server.session.OutboundMethods;
import dev.jmcp.server.session.OutboundRequest;
import dev.jmcp.server.session.Caller;
import dev.jmcp.server.session.Host;
import dev.jmcp.server.session.InFlight;
import dev.jmcp.server.session.Params;
import dev.jmcp.server.session.ServedMethod;
import dev.jmcp.server.observe.Target;

import dev.jmcp.plugin.InputRequest;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.InputRequiredResult;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcNotification;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.registry.Owner;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One stateless (2026-07-28) request as a {@link Caller}: its envelope, where its messages go, and the inputs it
 * brought back for MRTR — the answers sealed in its {@code requestState} from earlier rounds and its
 * {@code inputResponses}. It remembers which answers a handler accepted, so an {@code input_required} result can carry
 * them forward. Thread-safe.
 */
public final class StatelessCaller implements Caller {
    private static final JsonCodec CODEC = JsonCodec.shared();

    private final StatelessRequests requests;
    private final StatelessEnvelope envelope;
    private final StatelessReply reply;
    private final RequestStates states;
    private final String binding;
    private final Map<String, Object> provided;
    private final Map<String, Object> accepted = new LinkedHashMap<>();
    private final TaskRun taskRun;
    /** Set once, when a handler asked for input this request does not bring: the call is answered from it. */
    private UnmetInput unmet;

    /** An exchange for {@code request}, served by its row {@code method}, that may become a task ({@code taskRun}). */
    StatelessCaller(StatelessRequests requests, StatelessEnvelope envelope, StatelessReply reply, RequestStates states,
                      JsonRpcRequest request, ServedMethod method, Params params, TaskRun taskRun) {
        this.taskRun = taskRun;
        this.requests = requests;
        this.envelope = envelope;
        this.reply = reply;
        this.states = states;
        this.binding = binding(request, method, params);
        var inputs = new LinkedHashMap<String, Object>();
        String state = params.optionalString("requestState");
        if (state != null) inputs.putAll(states.open(state, binding));
        if (params.values().get("inputResponses") instanceof Map<?, ?> responses) {
            responses.forEach((k, v) -> {
                if (k instanceof String key && v != null) inputs.put(key, v);
            });
        }
        this.provided = inputs;
    }

    /**
     * The request a state belongs to: its method and what its row says it names (the tool, prompt, resource...), or
     * nothing; a tool run through tool search's {@code call_tool} is bound to the tool it runs as well.
     */
    private String binding(JsonRpcRequest request, ServedMethod method, Params params) {
        Target target = method.target();
        String named = target == null ? null : target.in(params.values());
        String binding = request.method() + "\u0000" + (named == null ? "" : named);
        if (target == Target.TOOL && named != null) {
            String called = requests.host().calledTool(params.values());
            if (called != null && !called.equals(named)) binding += "\u0000" + called;
        }
        return binding;
    }

    /** The task this call may become; null when it cannot become one. */
    TaskRun taskRun() {
        return taskRun;
    }

    /** The stateless revision serving this request: discovery, listen streams, tasks. */
    public StatelessRequests requests() {
        return requests;
    }

    /** Where this request's messages go: its response stream. */
    public StatelessReply reply() {
        return reply;
    }

    StatelessEnvelope envelope() {
        return envelope;
    }

    @Override
    public ProtocolVersion version() {
        return ProtocolVersion.V2026_07_28;
    }

    @Override
    public Host host() {
        return requests.host();
    }

    @Override
    public RequestContext context(RequestId id, Params params, Owner owner, InFlight inFlight) {
        inFlight.runsIn(owner);
        return new StatelessContext(this, params.progressToken(), owner.config(), inFlight);
    }

    void send(String method, Map<String, Object> params) {
        reply.send(new JsonRpcNotification(method, params));
    }

    /** The client's answer for {@code key}, as a JSON tree; null when it brought none. */
    Object provided(String key) {
        return provided.get(key);
    }

    synchronized void accept(String key, Object answer) {
        accepted.put(key, answer);
    }

    /**
     * Records that the handler needs {@code input} and returns the exception that stops the handler's run: an
     * ordinary {@link ClientRequestException} ({@code CANCELLED}: this run ends, the client's retry brings the answer),
     * which plugin code may catch or wrap as it likes, since the call is answered from {@link #unmet()}. The first
     * record wins, so a handler that catches it and asks again does not change the answer.
     */
    synchronized ClientRequestException end(UnmetInput input) {
        if (unmet == null) unmet = input;
        return new ClientRequestException(ClientRequestException.Reason.CANCELLED, "this run of the call ends here: "
                + "the client is asked for the input with an input_required result (protocol 2026-07-28), and its "
                + "retry brings the answer");
    }

    /** What the handler needed and the request did not bring; null while it needed nothing missing. */
    synchronized UnmetInput unmet() {
        return unmet;
    }

    /** The {@code input_required} result for what a handler still needs. */
    InputRequiredResult inputRequired(Map<String, InputRequest> missing) {
        Map<String, Object> carried;
        synchronized (this) {
            carried = new LinkedHashMap<>(accepted);
        }
        return new InputRequiredResult(wire(missing), states.seal(binding, carried));
    }

    /** Input requests as {@code inputRequests} lists them: key → {@code {method, params}}. */
    static Map<String, Object> wire(Map<String, InputRequest> missing) {
        var requests = new LinkedHashMap<String, Object>();
        missing.forEach((key, request) -> {
            OutboundRequest method = OutboundMethods.of(request);
            Object params = method.params().apply(request);
            requests.put(key, Map.of("method", method.name(), "params", params == null ? Map.of() : params));
        });
        return requests;
    }
}
