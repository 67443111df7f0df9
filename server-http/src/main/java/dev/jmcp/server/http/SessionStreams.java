package dev.jmcp.server.http;

import dev.jmcp.protocol.jsonrpc.RequestId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The SSE streams of one Streamable HTTP session, by number, and where messages tied to no request go. "The server
 * MUST send each of its JSON-RPC messages on only one of the connected streams": such a message goes to the most
 * recently opened standalone (GET) stream that is connected; when none is, it is parked (at most
 * {@code parkLimit}, the oldest dropped with a log line) and handed to the next GET stream that opens. Finished and
 * disconnected streams stay resumable until {@code maxStreams} newer ones push them out. Thread-safe (one monitor).
 */
final class SessionStreams {
    private static final Logger log = LoggerFactory.getLogger(SessionStreams.class);

    private final String sessionId;
    private final int replayCapacity;
    private final int maxStreams;
    private final int parkLimit;
    private final EventMirror mirror;
    private final int firstNumber;
    /** Made with the first stream, and the park with the first message parked: most sessions never open a stream. */
    private Map<Integer, EventStream> streams = Map.of();
    private ArrayDeque<byte[]> parked;
    private int nextNumber;
    private boolean closed;

    /**
     * @param mirror      where events are also kept for other instances
     * @param firstNumber the number of this holder's first stream: streams numbered below it were opened by an
     *                    instance that held the session before (see {@link #takeOver})
     */
    SessionStreams(String sessionId, int replayCapacity, int maxStreams, EventMirror mirror, int firstNumber) {
        this.sessionId = sessionId;
        this.replayCapacity = replayCapacity;
        this.maxStreams = maxStreams;
        this.parkLimit = replayCapacity;
        this.mirror = mirror;
        this.firstNumber = firstNumber;
        this.nextNumber = firstNumber;
    }

    /** Whether stream {@code number} was opened by an earlier holder of this session, not by this one. */
    boolean earlier(int number) {
        return number > 0 && number < firstNumber;
    }

    /**
     * Continues stream {@code number}, which an earlier holder of this session opened, from what it buffered: a
     * client resumes it here as it would have there. The stream already continued here when two resumes race.
     */
    synchronized EventStream takeOver(int number, RequestId request, long firstSeq, List<byte[]> frames,
                                      boolean finished) {
        EventStream existing = streams.get(number);
        if (existing != null) return existing;
        return add(new EventStream(number, request, replayCapacity, mirror, firstSeq, frames, finished));
    }

    /** A new stream for the answer to {@code request}. */
    synchronized EventStream newRequestStream(RequestId request) {
        return add(new EventStream(nextNumber++, request, replayCapacity, mirror));
    }

    /** Opens a standalone stream on {@code channel} and sends it whatever was parked. */
    void openStandalone(ResponseChannel channel, Duration retry) {
        EventStream stream;
        List<byte[]> backlog;
        synchronized (this) {
            stream = add(new EventStream(nextNumber++, null, replayCapacity, mirror));
            backlog = parked == null ? List.of() : new ArrayList<>(parked);
            parked = null;
        }
        stream.open(channel, retry);
        for (byte[] json : backlog) stream.deliver(json, false);
        if (closed) stream.close();
    }

    synchronized EventStream find(int number) {
        return streams.get(number);
    }

    /** Sends a message tied to no request. */
    void deliverUnrelated(byte[] json) {
        EventStream target = null;
        synchronized (this) {
            if (closed) return;
            for (EventStream stream : streams.values()) {
                if (stream.request() == null && stream.isLive()) target = stream;
            }
            if (target == null) {
                if (parked == null) parked = new ArrayDeque<>();
                parked.addLast(json);
                if (parked.size() > parkLimit) {
                    parked.removeFirst();
                    log.warn("session {}: no GET stream open for {} messages; dropped the oldest", sessionId, parkLimit);
                }
                return;
            }
        }
        target.deliver(json, false);
    }

    synchronized boolean anyLive() {
        for (EventStream stream : streams.values()) {
            if (stream.isLive()) return true;
        }
        return false;
    }

    void keepAlive(long nowNanos, long quietNanos) {
        for (EventStream stream : snapshot()) stream.keepAlive(nowNanos, quietNanos);
    }

    void closeAll() {
        synchronized (this) {
            closed = true;
            parked = null;
        }
        for (EventStream stream : snapshot()) stream.close();
    }

    private synchronized List<EventStream> snapshot() {
        return streams.isEmpty() ? List.of() : new ArrayList<>(streams.values());
    }

    private EventStream add(EventStream stream) {
        if (!(streams instanceof LinkedHashMap)) streams = new LinkedHashMap<>();
        streams.put(stream.number(), stream);
        if (streams.size() > maxStreams) {
            // Forget the oldest stream nobody is connected to; a client resuming it later is told it is gone.
            for (Iterator<EventStream> it = streams.values().iterator(); it.hasNext(); ) {
                EventStream old = it.next();
                if (old != stream && !old.isLive() && (old.finished() || old.request() == null)) {
                    it.remove();
                    break;
                }
            }
        }
        return stream;
    }
}
