package dev.jmcp.server.session;

import dev.jmcp.plugin.InputRequest;
import dev.jmcp.protocol.ProtocolVersion;

import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One request the server sends its client, a row of {@link OutboundMethods}: its name, and how what a handler asks
 * ({@link InputRequest}) becomes its params and the client's result becomes the answer the handler gets. The same row
 * serves every way it travels: a request of its own in a stateful session ({@code CallContext}), an input request of
 * a 2026-07-28 {@code input_required} result ({@code StatelessCaller}), and a mounted server's question passed on to
 * jmcp's client ({@code Mount}). Immutable.
 *
 * @param name       the JSON-RPC method, {@code sampling/createMessage} say
 * @param capability the client capability a client must have declared to be sent it, as {@code clientCapabilities}
 *                   names it ({@code sampling} say)
 * @param offered    the protocol revisions that have it ({@code elicitation} came with 2025-06-18)
 * @param params     what a handler asks → the request's {@code params} (null: none are sent)
 * @param input      a request's {@code params} as another server sent them → what a handler would ask; throws
 *                   {@link IllegalArgumentException} when they are malformed
 * @param answer     the client's result → the answer a handler gets ({@code ElicitResult},
 *                   {@code CreateMessageResult}, a list of {@code Root}s); throws {@link IllegalArgumentException} when
 *                   it is malformed
 * @param result     an answer → the result as the wire carries it (the inverse of {@code answer})
 */
public record OutboundRequest(String name, String capability, Predicate<ProtocolVersion> offered,
                              Function<InputRequest, Map<String, Object>> params,
                              Function<Object, InputRequest> input,
                              Function<Object, Object> answer, Function<Object, Object> result) {
    public OutboundRequest {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(capability, "capability");
        Objects.requireNonNull(offered, "offered");
        Objects.requireNonNull(params, "params");
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(answer, "answer");
        Objects.requireNonNull(result, "result");
    }

    /** Whether {@code clientCapabilities} (as the client declared them) name this request's capability. */
    public boolean declaredIn(Map<String, ?> clientCapabilities) {
        return clientCapabilities.get(capability) != null;
    }

    /**
     * Whether a client speaking {@code version} that declared {@code clientCapabilities} may be sent this request: its
     * revision has it and the client declared its capability.
     */
    public boolean answerableBy(ProtocolVersion version, Map<String, ?> clientCapabilities) {
        return offered.test(version) && declaredIn(clientCapabilities);
    }
}
