package dev.jmcp.server.session;

import dev.jmcp.plugin.InputRequest;
import dev.jmcp.protocol.ProtocolVersion;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One request the server sends its client, a row of {@link OutboundMethods}: its name, and how what a handler asks
 * ({@link InputRequest}) becomes its params and the client's result becomes the answer the handler gets. The same row
 * serves every way it travels: a request of its own in a stateful session ({@code CallContext}), an input request of
 * a 2026-07-28 {@code input_required} result ({@code StatelessCaller}), and a mounted server's question passed on to
 * jmcp's client ({@code Mount}). Whether a client may be sent a request is the row's too ({@link #refusal}): its
 * revision, its capability, and the parts of the capability some requests need ({@link Feature}). Immutable.
 *
 * @param name       the JSON-RPC method, {@code sampling/createMessage} say
 * @param capability the client capability a client must have declared to be sent it, as {@code clientCapabilities}
 *                   names it ({@code sampling} say)
 * @param offered    the protocol revisions that have it ({@code elicitation} came with 2025-06-18)
 * @param features   the parts of {@code capability} that some of its requests need ({@code sampling.tools})
 * @param params     what a handler asks → the request's {@code params} (null: none are sent)
 * @param input      a request's {@code params} as another server sent them → what a handler would ask; throws
 *                   {@link IllegalArgumentException} when they are malformed
 * @param answer     the client's result → the answer a handler gets ({@code ElicitResult},
 *                   {@code CreateMessageResult}, a list of {@code Root}s); throws {@link IllegalArgumentException} when
 *                   it is malformed
 * @param result     an answer → the result as the wire carries it (the inverse of {@code answer})
 */
public record OutboundRequest(String name, String capability, Predicate<ProtocolVersion> offered,
                              List<Feature> features, Function<InputRequest, Map<String, Object>> params,
                              Function<Object, InputRequest> input,
                              Function<Object, Object> answer, Function<Object, Object> result) {
    public OutboundRequest {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(capability, "capability");
        Objects.requireNonNull(offered, "offered");
        features = List.copyOf(features);
        Objects.requireNonNull(params, "params");
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(answer, "answer");
        Objects.requireNonNull(result, "result");
    }

    /**
     * A part of a row's capability that only some of its requests need, declared inside it, and the revisions that
     * have it: {@code sampling.tools} for a request that offers the model tools, {@code elicitation.url} for a
     * URL-mode elicitation. Immutable.
     *
     * @param key      its name inside the row's capability ({@code tools})
     * @param title    what a person calls it in an error ({@code tool use in sampling})
     * @param neededBy which of the row's requests need it
     * @param offered  the protocol revisions that have it
     */
    public record Feature(String key, String title, Predicate<InputRequest> neededBy,
                          Predicate<ProtocolVersion> offered) {
        public Feature {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(neededBy, "neededBy");
            Objects.requireNonNull(offered, "offered");
        }
    }

    /** Whether {@code clientCapabilities} (as the client declared them) name this request's capability. */
    public boolean declaredIn(Map<String, ?> clientCapabilities) {
        return clientCapabilities.get(capability) != null;
    }

    /** Whether {@code clientCapabilities} name {@code feature} inside this request's capability. */
    public boolean declaredIn(Map<String, ?> clientCapabilities, Feature feature) {
        return clientCapabilities.get(capability) instanceof Map<?, ?> declared && declared.get(feature.key()) != null;
    }

    /**
     * Whether a client speaking {@code version} that declared {@code clientCapabilities} may be sent this request: its
     * revision has it and the client declared its capability.
     */
    public boolean answerableBy(ProtocolVersion version, Map<String, ?> clientCapabilities) {
        return offered.test(version) && declaredIn(clientCapabilities);
    }

    /** As {@link #answerableBy(ProtocolVersion, Map)}, for a request that needs {@code feature} as well. */
    public boolean answerableBy(ProtocolVersion version, Map<String, ?> clientCapabilities, Feature feature) {
        return answerableBy(version, clientCapabilities) && feature.offered().test(version)
                && declaredIn(clientCapabilities, feature);
    }

    /** The part of the capability {@code input} needs besides the capability itself, or null when it needs none. */
    public Feature featureOf(InputRequest input) {
        for (Feature feature : features) {
            if (feature.neededBy().test(input)) return feature;
        }
        return null;
    }

    /**
     * Why a client speaking {@code version} that declared {@code clientCapabilities} cannot be sent {@code input} as
     * this request, in words for the handler that asked; null when it can. The revision is asked first, then the
     * declaration: a client cannot declare what its revision lacks. Every context asks here, so a client is refused in
     * the same words on every path.
     */
    public String refusal(InputRequest input, ProtocolVersion version, Map<String, ?> clientCapabilities) {
        Feature feature = featureOf(input);
        if (!offered.test(version)) return lacking(version, name, offered);
        if (feature != null && !feature.offered().test(version)) return lacking(version, feature.title(),
                feature.offered());
        if (!declaredIn(clientCapabilities)) return undeclared(capability, version);
        if (feature != null && !declaredIn(clientCapabilities, feature)) {
            return undeclared(capability + "." + feature.key(), version);
        }
        return null;
    }

    private static String lacking(ProtocolVersion version, String what, Predicate<ProtocolVersion> offered) {
        String since = Arrays.stream(ProtocolVersion.values()).filter(offered).findFirst()
                .map(ProtocolVersion::wire).orElse("no revision");
        return "protocol " + version.wire() + " has no " + what + " (it came with " + since + "); the client cannot"
                + " be asked";
    }

    private static String undeclared(String capability, ProtocolVersion version) {
        return "the client did not declare the " + capability + " capability (protocol " + version.wire() + ")";
    }
}
