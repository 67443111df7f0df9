package dev.jmcp.server.http;

import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.state.SharedState;

import java.time.Duration;

/**
 * Where the events of a Streamable HTTP session's SSE streams are also kept, so that another instance can take the
 * session over and a client can resume a stream there ({@code Last-Event-ID}). {@link #NONE} for an instance alone:
 * then nothing is copied and no shared store is on the path.
 */
interface EventMirror {
    EventMirror NONE = new EventMirror() {
        @Override
        public void opened(int stream, RequestId request) {
        }

        @Override
        public void event(int stream, RequestId request, long seq, byte[] frame, boolean last) {
        }

        @Override
        public void finished(int stream, RequestId request) {
        }
    };

    /** Stream {@code stream} opened: for the answer to {@code request}, or standalone when null. */
    void opened(int stream, RequestId request);

    /** Event {@code seq} ({@code frame}, the whole SSE event) went out on {@code stream}; {@code last} ends it. */
    void event(int stream, RequestId request, long seq, byte[] frame, boolean last);

    /** {@code stream} ended without a final event of its own (its request was cancelled). */
    void finished(int stream, RequestId request);

    /** The mirror of session {@code sessionId} in {@code shared}: its last {@code capacity} events per stream. */
    static EventMirror of(SharedState shared, String sessionId, int capacity, Duration ttl) {
        if (shared == SharedState.LOCAL) return NONE;
        return new EventMirror() {
            @Override
            public void opened(int stream, RequestId request) {
                shared.bufferStream(sessionId, stream, request == null ? null : request.value(), ttl);
            }

            @Override
            public void event(int stream, RequestId request, long seq, byte[] frame, boolean last) {
                shared.bufferEvent(sessionId, stream, request == null ? null : request.value(), seq, frame, last,
                        capacity, ttl);
            }

            @Override
            public void finished(int stream, RequestId request) {
                shared.bufferEvent(sessionId, stream, request == null ? null : request.value(), -1, null, true,
                        capacity, ttl);
            }
        };
    }
}
