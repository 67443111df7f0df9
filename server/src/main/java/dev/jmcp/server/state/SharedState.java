package dev.jmcp.server.state;

import java.util.List;
import java.util.function.Consumer;

/**
 * What instances of one server share. Implementations are thread-safe; {@link #publish} never blocks for long and
 * never throws (a store that is down loses the event for the other instances, and says so in the log).
 */
public interface SharedState extends AutoCloseable {
    /** One instance alone: a random key made now, no other instance to tell. */
    SharedState LOCAL = local();

    /**
     * The keys of {@code requestState}: the first signs, every one verifies (so a key can be rotated while calls
     * sealed with the previous one are still being retried).
     *
     * @throws SharedStateUnavailableException when the keys are agreed in a store that cannot be reached now
     */
    List<byte[]> requestStateKeys();

    /** Tells the other instances of {@code event}; this instance has already delivered it to its own listeners. */
    void publish(SharedEvent event);

    /** Where events the other instances publish are delivered, from now on. */
    void onEvent(Consumer<SharedEvent> listener);

    /**
     * Asks the instance that holds task {@code taskId} to serve {@code method} ({@code tasks/get}, {@code tasks/update},
     * {@code tasks/cancel}) with {@code params}: its answer, a JSON-RPC response tree ({@code result} or
     * {@code error}); empty when no instance holds the task (or, alone, always).
     */
    default java.util.Optional<java.util.Map<String, Object>> askTaskOwner(String taskId, String method,
                                                                         java.util.Map<String, Object> params) {
        return java.util.Optional.empty();
    }

    /**
     * How this instance answers the others' {@link #askTaskOwner} for the tasks it holds: {@code owner} returns the
     * response tree, or null when this instance does not hold the task.
     */
    default void serveTasks(TaskOwner owner) {
    }

    /**
     * Keeps what a client may still read of task {@code taskId} should this instance stop: {@code view}, its
     * {@code tasks/get} body, until {@code expiresAt}. Called when the task is created and when its status ends. Never
     * throws: a store that is down loses the record, and says so in the log.
     */
    default void recordTask(String taskId, java.util.Map<String, Object> view, java.time.Instant expiresAt) {
    }

    /**
     * The last view {@link #recordTask recorded} of task {@code taskId} when the instance that held it has stopped;
     * empty when none was recorded, when that instance still runs (it is the one to ask), or alone.
     */
    default java.util.Optional<java.util.Map<String, Object>> orphanedTask(String taskId) {
        return java.util.Optional.empty();
    }

    /**
     * Keeps what another instance needs to go on serving stateful (2025) session {@code sessionId} should this one
     * stop: {@code session}, as {@code ServerSession.snapshot()} gives it, for {@code ttl} from now (the session's idle
     * expiry). Called when the session is initialized and when what it holds changes. Never throws.
     */
    default void recordSession(String sessionId, java.util.Map<String, Object> session, java.time.Duration ttl) {
    }

    /** Keeps session {@code sessionId}'s record and its buffered events for {@code ttl} from now. Never throws. */
    default void touchSession(String sessionId, java.time.Duration ttl) {
    }

    /**
     * Takes over session {@code sessionId}, which another instance opened: its recorded state, and a generation number
     * that grows with each take-over (the taker numbers its new streams apart from those of earlier holders). Empty
     * when no record exists (the session ended or never existed), when the store cannot be reached, or alone.
     */
    default java.util.Optional<TakenSession> takeOverSession(String sessionId) {
        return java.util.Optional.empty();
    }

    /** Forgets a session that ended for good (deleted, expired): its record and its buffered events. Never throws. */
    default void forgetSession(String sessionId) {
    }

    /**
     * Declares SSE stream {@code stream} of session {@code sessionId} before its first event, so a client holding
     * only its priming event id can resume it on another instance. {@code request} as for {@link #bufferEvent}.
     */
    default void bufferStream(String sessionId, int stream, Object request, java.time.Duration ttl) {
    }

    /**
     * Buffers event {@code seq} of SSE stream {@code stream} of session {@code sessionId} ({@code frame}, the whole
     * SSE event) for a client that resumes it on another instance; keeps the newest {@code capacity}, for {@code ttl}.
     * {@code request} is the id (JSON value) of the request the stream answers, null for a standalone stream;
     * {@code last} marks the stream's final event; a {@code frame} of null (and {@code seq} -1) only marks the stream
     * finished. Never throws: a store that is down loses the event for the others.
     */
    default void bufferEvent(String sessionId, int stream, Object request, long seq, byte[] frame, boolean last,
                             int capacity, java.time.Duration ttl) {
    }

    /** What is buffered of stream {@code stream} of session {@code sessionId}; empty when nothing is, or alone. */
    default java.util.Optional<BufferedStream> bufferedStream(String sessionId, int stream) {
        return java.util.Optional.empty();
    }

    /**
     * A session taken over from another instance.
     *
     * @param session    its state, as recorded
     * @param generation how many instances held it before this one (at least 1)
     */
    record TakenSession(java.util.Map<String, Object> session, int generation) {
    }

    /**
     * The buffered events of one SSE stream, oldest first.
     *
     * @param request  the id (JSON value) of the request the stream answers; null for a standalone stream
     * @param firstSeq the number of the oldest event still buffered (events before it were pushed out)
     * @param frames   the events, numbered {@code firstSeq}, {@code firstSeq + 1}, …
     * @param finished whether the stream's final event is among them
     */
    record BufferedStream(Object request, long firstSeq, java.util.List<byte[]> frames, boolean finished) {
        public BufferedStream {
            frames = java.util.List.copyOf(frames);
        }

        /** The number of the newest buffered event; {@code firstSeq - 1} when none is. */
        public long lastSeq() {
            return firstSeq + frames.size() - 1;
        }
    }

    /** This instance's side of {@link #askTaskOwner}. */
    @FunctionalInterface
    interface TaskOwner {
        /** The response tree for {@code method} on task {@code taskId}, or null when this instance does not hold it. */
        java.util.Map<String, Object> serve(String taskId, String method, java.util.Map<String, Object> params);
    }

    @Override
    default void close() {
    }

    private static SharedState local() {
        return new SharedState() {
            @Override
            public List<byte[]> requestStateKeys() {
                return LocalStateKey.KEYS;
            }

            @Override
            public void publish(SharedEvent event) {
            }

            @Override
            public void onEvent(Consumer<SharedEvent> listener) {
            }
        };
    }
}
