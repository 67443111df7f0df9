package dev.jmcp.server.registry;

import java.util.List;
import java.util.Map;

/**
 * Checks a tool's arguments against its input schema before the handler runs. Thread-safe; built once per tool when
 * the plugin loads.
 */
@FunctionalInterface
public interface ArgumentsValidator {

    /** Each violation as a sentence naming the offending field; empty when the arguments are valid. */
    List<String> validate(Map<String, Object> arguments);

    ArgumentsValidator ACCEPT_ALL = arguments -> List.of();
}
