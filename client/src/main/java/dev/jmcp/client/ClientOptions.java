package dev.jmcp.client;

import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.CreateTaskResult;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.Implementation;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.Root;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What a {@link McpClientBuilder} gathered, validated there. Immutable (the handlers are whatever the caller gave).
 * {@code roots}, {@code sampling}, {@code elicitation}, {@code listener} and {@code inputRounds} may be null: no such
 * handler, as may {@code taskCreated}; a null {@code discoverTimeout} is the handshake's own. {@code tasks}: whether 2026-07-28 requests declare the tasks extension. {@code logLevel}: the log messages
 * asked for, null for none asked. {@code samplingTools}: whether {@code sampling} declares {@code tools}.
 */
record ClientOptions(Implementation clientInfo, ProtocolVersion protocolVersion, Duration requestTimeout,
                     Duration maxRequestTimeout, Duration connectTimeout, Map<String, Object> extraCapabilities,
                     Supplier<List<Root>> roots, Function<CreateMessageRequest, CreateMessageResult> sampling,
                     Function<ElicitRequest, ElicitResult> elicitation, Consumer<ServerNotification> listener,
                     int maxMessageBytes, boolean tasks, InputRounds inputRounds, LoggingLevel logLevel,
                     Consumer<CreateTaskResult> taskCreated, Duration discoverTimeout, boolean samplingTools) {
    /** The tasks extension's identifier, as capabilities name it. */
    static final String TASKS_EXTENSION = "io.modelcontextprotocol/tasks";


    ClientOptions {
        extraCapabilities = Map.copyOf(extraCapabilities);
    }

    /** The same options asking for {@code version}. */
    ClientOptions withProtocolVersion(ProtocolVersion version) {
        return new ClientOptions(clientInfo, version, requestTimeout, maxRequestTimeout, connectTimeout,
                extraCapabilities, roots, sampling, elicitation, listener, maxMessageBytes, tasks, inputRounds, logLevel,
                taskCreated, discoverTimeout, samplingTools);
    }

    /** The {@code capabilities} of {@code initialize}: one entry per handler given, plus any extra ones. */
    Map<String, Object> capabilities() {
        var capabilities = new LinkedHashMap<String, Object>(extraCapabilities);
        if (roots != null) capabilities.put("roots", Map.of("listChanged", true));
        if (sampling != null) capabilities.put("sampling", samplingTools ? Map.of("tools", Map.of()) : Map.of());
        // "For backwards compatibility, an empty capabilities object is equivalent to declaring support for form
        // mode only."
        if (elicitation != null) capabilities.put("elicitation", Map.of());
        return capabilities;
    }

    /** The {@code clientCapabilities} of a stateless request: those of {@link #capabilities()}, and the extensions. */
    Map<String, Object> statelessCapabilities() {
        var capabilities = capabilities();
        if (tasks) {
            var extensions = new LinkedHashMap<String, Object>();
            if (capabilities.get("extensions") instanceof Map<?, ?> declared) {
                declared.forEach((name, value) -> extensions.put(String.valueOf(name), value));
            }
            extensions.put(TASKS_EXTENSION, Map.of());
            capabilities.put("extensions", extensions);
        }
        return capabilities;
    }
}
