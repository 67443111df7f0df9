package dev.jmcp.server.stateless;

import dev.jmcp.plugin.InputRequest;

import java.util.Map;

/**
 * Thrown through a handler in the stateless revision when it asks for inputs the request did not bring: the call
 * ends with an {@code input_required} result. An {@link Error}, so that a plugin's {@code catch (Exception e)} does not
 * swallow it; never seen outside the engine.
 */
final class InputRequiredSignal extends Error {
    private final transient Map<String, InputRequest> missing;

    InputRequiredSignal(Map<String, InputRequest> missing) {
        super("input required", null, false, false);
        this.missing = Map.copyOf(missing);
    }

    Map<String, InputRequest> missing() {
        return missing;
    }
}
