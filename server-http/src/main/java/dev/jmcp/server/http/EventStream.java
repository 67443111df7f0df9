package dev.jmcp.server.http;

import dev.jmcp.protocol.jsonrpc.RequestId;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One resumable SSE stream of a Streamable HTTP session: the stream of a POSTed request (ends after its response) or
 * a standalone GET stream. Each event gets the id {@code <stream>-<seq>}, unique within the session, and is kept in a
 * bounded replay buffer; the stream outlives its HTTP connection, so a client that lost the connection (or was told
 * to poll) resumes it with GET and {@code Last-Event-ID} and gets exactly the events after that id. Thread-safe:
 * one lock orders numbering, buffering and writing.
 */
final class EventStream {
    /** What a resume attempt found. */
    enum Resume { RESUMED, TOO_OLD, UNKNOWN_EVENT }

    private final int number;
    private final RequestId request;
    private final int capacity;
    private final EventMirror mirror;
    private final ReentrantLock lock = new ReentrantLock();
    private final ArrayDeque<byte[]> replay = new ArrayDeque<>();
    private long oldestSeq = 1;
    private long nextSeq = 1;
    private boolean finished;
    private ResponseChannel live;

    EventStream(int number, RequestId request, int capacity, EventMirror mirror) {
        this.number = number;
        this.request = request;
        this.capacity = capacity;
        this.mirror = mirror;
    }

    /**
     * A stream another instance opened, continued here from what it buffered: the same number and request, its
     * buffered events (numbered from {@code firstSeq}) ready for a client resuming it, and new events numbered after
     * them.
     */
    EventStream(int number, RequestId request, int capacity, EventMirror mirror, long firstSeq, List<byte[]> frames,
                boolean finished) {
        this(number, request, capacity, mirror);
        for (byte[] frame : frames.subList(Math.max(0, frames.size() - capacity), frames.size())) replay.addLast(frame);
        this.oldestSeq = firstSeq + Math.max(0, frames.size() - capacity);
        this.nextSeq = firstSeq + frames.size();
        this.finished = finished;
    }

    int number() {
        return number;
    }

    /** The request this stream answers, or null for a standalone stream. */
    RequestId request() {
        return request;
    }

    /** Starts the stream on its first connection, primed with event {@code <n>-0} when {@code retry} is given. */
    void open(ResponseChannel channel, Duration retry) {
        lock.lock();
        try {
            mirror.opened(number, request);
            attach(channel);
            channel.startEventStream();
            channel.write(retry == null ? SseFrames.KEEP_ALIVE : SseFrames.priming(number + "-0", retry.toMillis()), false);
        } finally {
            lock.unlock();
        }
    }

    /** Sends one message (JSON bytes); {@code last} finishes the stream and ends its connection. */
    void deliver(byte[] json, boolean last) {
        lock.lock();
        try {
            if (finished) return;
            long seq = nextSeq++;
            byte[] frame = SseFrames.event(null, number + "-" + seq, json);
            mirror.event(number, request, seq, frame, last);
            replay.addLast(frame);
            if (replay.size() > capacity) {
                replay.removeFirst();
                oldestSeq++;
            }
            finished = last;
            if (live != null && (!live.write(frame, last) || last)) live = null;
        } finally {
            lock.unlock();
        }
    }

    /** Continues the stream on {@code channel} after event {@code afterSeq}; a connection still attached is ended. */
    Resume resume(long afterSeq, ResponseChannel channel) {
        lock.lock();
        try {
            if (afterSeq < 0 || afterSeq >= nextSeq) return Resume.UNKNOWN_EVENT;
            if (afterSeq + 1 < oldestSeq) return Resume.TOO_OLD;
            if (live != null) live.end();
            attach(channel);
            channel.startEventStream();
            long seq = oldestSeq;
            boolean wrote = false;
            for (Iterator<byte[]> it = replay.iterator(); it.hasNext(); seq++) {
                byte[] frame = it.next();
                if (seq <= afterSeq) continue;
                boolean last = finished && !it.hasNext();
                channel.write(frame, last);
                wrote = true;
            }
            if (finished) {
                if (!wrote) channel.end();
                live = null;
            } else if (!wrote) {
                channel.write(SseFrames.KEEP_ALIVE, false);
            }
            return Resume.RESUMED;
        } finally {
            lock.unlock();
        }
    }

    /** Ends the current connection but not the stream: the client is expected to resume (polling). */
    void release() {
        lock.lock();
        try {
            if (live != null) live.end();
            live = null;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Finishes the stream because its request will get no response (cancelled), here and in the mirror, and ends its
     * connection.
     */
    void finish() {
        lock.lock();
        try {
            if (!finished) mirror.finished(number, request);
            close();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Finishes the stream here (its session ended, or this instance stops) and ends its connection. The mirror is not
     * told: another instance taking the session over continues the stream.
     */
    void close() {
        lock.lock();
        try {
            finished = true;
            if (live != null) live.end();
            live = null;
        } finally {
            lock.unlock();
        }
    }

    boolean isLive() {
        ResponseChannel channel = live;
        return channel != null && channel.isOpen();
    }

    boolean finished() {
        lock.lock();
        try {
            return finished;
        } finally {
            lock.unlock();
        }
    }

    /** Writes a comment when the connection has been quiet for {@code quietNanos}. */
    void keepAlive(long nowNanos, long quietNanos) {
        ResponseChannel channel = live;
        if (channel == null || nowNanos - channel.lastWriteNanos() < quietNanos) return;
        lock.lock();
        try {
            if (live == channel) channel.write(SseFrames.KEEP_ALIVE, false);
        } finally {
            lock.unlock();
        }
    }

    private void attach(ResponseChannel channel) {
        live = channel;
        channel.onLost(() -> lost(channel));
    }

    private void lost(ResponseChannel channel) {
        lock.lock();
        try {
            if (live == channel) live = null;
        } finally {
            lock.unlock();
        }
    }
}
