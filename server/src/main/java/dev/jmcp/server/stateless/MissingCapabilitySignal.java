package dev.jmcp.server.stateless;

import java.util.List;

/**
 * Thrown through a handler in the stateless revision when it needs an input whose client capability the request did
 * not declare: the call ends with -32021. An {@link Error} for the same reason as {@link InputRequiredSignal}.
 */
final class MissingCapabilitySignal extends Error {
    private final transient List<String> capabilities;

    MissingCapabilitySignal(List<String> capabilities) {
        super("missing client capability", null, false, false);
        this.capabilities = List.copyOf(capabilities);
    }

    List<String> capabilities() {
        return capabilities;
    }
}
