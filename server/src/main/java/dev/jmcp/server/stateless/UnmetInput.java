package dev.jmcp.server.stateless;

import dev.jmcp.plugin.InputRequest;

import java.util.List;
import java.util.Map;

/**
 * Why a stateless (2026-07-28) call ends without its handler's result: the handler asked for input the request did not
 * bring. {@link StatelessCaller} holds it as a value once the handler's context has found it, and the call is answered
 * from it whatever the handler then does with the exception that stopped it (caught, wrapped in a tool error, thrown
 * on another thread), so plugin code cannot turn it into a wrong answer. Immutable.
 */
sealed interface UnmetInput {

    /** The client declares what the inputs need: the call ends with an {@code input_required} result asking for them. */
    record Required(Map<String, InputRequest> missing) implements UnmetInput {
        public Required {
            missing = Map.copyOf(missing);
        }
    }

    /** An input needs a client capability the request did not declare: the call ends with -32021. */
    record MissingCapability(List<String> capabilities) implements UnmetInput {
        public MissingCapability {
            capabilities = List.copyOf(capabilities);
        }
    }
}
