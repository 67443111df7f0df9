package dev.jmcp.plugin;

import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.Implementation;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.Root;

import java.time.Duration;
import java.util.List;

/**
 * Everything a handler may know of, and ask of, the request it serves and the client that sent it. Owned by the
 * server, valid for the duration of one call; safe to use from the handler's thread and threads it starts.
 */
public interface RequestContext {

    /** The protocol revision in use, e.g. {@code 2025-11-25}. */
    String protocolVersion();

    /** The client as it named itself; null if it did not. */
    Implementation clientInfo();

    /**
     * Who is calling, when the server requires authorization (a verified bearer token or API key over HTTP); empty
     * when it does not (stdio, or HTTP without authorization).
     */
    default java.util.Optional<Identity> identity() {
        return java.util.Optional.empty();
    }

    /** The plugin's configuration. */
    PluginConfig config();

    /** True when the request carried a {@code progressToken}, so {@link #progress} reaches the client. */
    boolean hasProgressToken();

    /**
     * Sends {@code notifications/progress}; a no-op without a progress token. {@code progress} must grow from call to
     * call; {@code total} and {@code message} may be null.
     */
    void progress(double progress, Double total, String message);

    /** Sends {@code notifications/message} when {@code level} passes the client's {@code logging/setLevel}. */
    void log(LoggingLevel level, String logger, Object data);

    default void log(LoggingLevel level, String message) {
        log(level, null, message);
    }

    /** Tells subscribers of {@code uri} it changed ({@code notifications/resources/updated}). */
    void resourceUpdated(String uri);

    /**
     * Asks the transport to close the connection that carries this request's response stream now, while the call goes
     * on: the client polls the stream again (Streamable HTTP: a GET with {@code Last-Event-ID}) and receives there what
     * the call sends next, its result included. 2025-11-25: after an event with an ID "the server MAY close the
     * connection (without terminating the SSE stream) at any time". Returns false and does nothing where no such
     * connection exists (stdio, a plain JSON response, revisions before 2025-11-25, a transport without resumable
     * streams); the call then simply continues on the connection it has.
     */
    default boolean closeResponseConnection() {
        return false;
    }

    /** True when the client cancelled this request. The thread is interrupted too. */
    boolean isCancelled();

    /** Whether the client declared {@code roots}, {@code sampling}, {@code elicitation} (and its URL mode). */
    boolean clientSupportsRoots();

    boolean clientSupportsSampling();

    boolean clientSupportsElicitation();

    boolean clientSupportsUrlElicitation();

    /**
     * Everything the client declared, as the wire gives it ({@code roots}, {@code sampling}, {@code elicitation},
     * {@code extensions}, ...): for the session in the stateful revisions, on this request in 2026-07-28. Empty when
     * unknown. A plugin that passes the request on to another server passes this on with it.
     */
    default java.util.Map<String, Object> clientCapabilities() {
        return java.util.Map.of();
    }

    /** Asks the client for its roots ({@code roots/list}); blocks until it answers or {@code timeout} passes. */
    List<Root> roots(Duration timeout);

    default List<Root> roots() {
        return roots(Duration.ofSeconds(30));
    }

    /** Asks the client's model ({@code sampling/createMessage}); blocks until it answers or {@code timeout} passes. */
    CreateMessageResult sample(CreateMessageRequest request, Duration timeout);

    /** Asks the user ({@code elicitation/create}); blocks until they answer or {@code timeout} passes. */
    ElicitResult elicit(ElicitRequest request, Duration timeout);

    /**
     * Asks the client for several inputs at once, each under a key the handler chooses, and returns all the answers.
     * In the stateful revisions each is sent to the client as its own request and this blocks until every answer came
     * (or {@code timeout} passed). In 2026-07-28 the first run of the call ends here with an {@code input_required}
     * result listing every unanswered input; the client answers and the server runs the handler again, and this call
     * then returns at once with the answers. So a handler must reach this point again with the same keys: do not act
     * on the world before asking for what it needs. Throws {@link ClientRequestException} as the single-input methods do.
     */
    default InputResponses requestInputs(java.util.Map<String, InputRequest> requests, Duration timeout) {
        var answers = new java.util.LinkedHashMap<String, Object>();
        for (var entry : requests.entrySet()) {
            Object answer = switch (entry.getValue()) {
                case InputRequest.Elicit e -> elicit(e.request(), timeout);
                case InputRequest.Sample s -> sample(s.request(), timeout);
                case InputRequest.ListRoots r -> roots(timeout);
            };
            answers.put(entry.getKey(), answer);
        }
        return new InputResponses(answers);
    }

    /**
     * Marks the point from which the rest of a tool call may run as a task. When the tool supports tasks
     * ({@link TaskSupport}) and the request declared the {@code io.modelcontextprotocol/tasks} extension, the client
     * gets its task handle now and this handler goes on in the background: from here {@link #requestInputs} moves the
     * task to {@code input_required} and blocks until the client answers with {@code tasks/update}, and cancelling the
     * task interrupts this thread. Inputs asked for before this point are gathered with the request itself (in
     * 2026-07-28, {@code input_required} results), so a tool can ask first and then go to the background. Anywhere
     * else (no extension, a tool without task support, the stateful revisions) this does nothing. Idempotent.
     */
    default void startTask() {
    }

    /**
     * Whether this call is running as a task ({@link #startTask()} took effect). A tool may throw a
     * {@code JsonRpcException} to end a task {@code failed} with that error; any other failure is a tool error.
     */
    default boolean inTask() {
        return false;
    }
}
