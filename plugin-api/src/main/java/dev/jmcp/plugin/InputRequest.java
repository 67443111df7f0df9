package dev.jmcp.plugin;

import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.ElicitRequest;

/**
 * Something a handler needs from the client before it can finish: the user's answer (elicitation), the client's
 * model (sampling) or the client's roots. Asked with {@link RequestContext#requestInputs}; in the stateful revisions the
 * server sends each as a request and waits, in 2026-07-28 the call ends with an {@code input_required} result and is run
 * again with the answers. A closed union.
 */
public sealed interface InputRequest {

    /** The capability the client must have declared for this request, as {@code clientCapabilities} names it. */
    String capability();

    record Elicit(ElicitRequest request) implements InputRequest {
        public Elicit {
            if (request == null) throw new IllegalArgumentException("an elicitation input needs its request");
        }

        @Override
        public String capability() {
            return "elicitation";
        }
    }

    record Sample(CreateMessageRequest request) implements InputRequest {
        public Sample {
            if (request == null) throw new IllegalArgumentException("a sampling input needs its request");
        }

        @Override
        public String capability() {
            return "sampling";
        }
    }

    record ListRoots() implements InputRequest {
        @Override
        public String capability() {
            return "roots";
        }
    }

    static InputRequest elicit(ElicitRequest request) {
        return new Elicit(request);
    }

    static InputRequest sample(CreateMessageRequest request) {
        return new Sample(request);
    }

    static InputRequest listRoots() {
        return new ListRoots();
    }
}
