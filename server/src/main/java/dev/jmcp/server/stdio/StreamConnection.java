package dev.jmcp.server.stdio;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.transport.Connection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Writes messages to a stream, one JSON text per line. Thread-safe: each message is encoded whole by its sender, then
 * queued, and whichever sender holds the write lock writes everything queued and flushes once, so messages finishing
 * together (pipelined calls) share one write, and no sender waits for the lock. Once a write fails (the client went
 * away) every later message is dropped.
 */
final class StreamConnection implements Connection {
    private static final Logger log = LoggerFactory.getLogger(StreamConnection.class);
    private static final JsonCodec CODEC = JsonCodec.shared();

    /**
     * A buffer grows to the largest message it held and is kept up to this size (one 1 MiB answer after another
     * reuses it); a message larger than this leaves a buffer that is let go once it is written.
     */
    private static final int KEPT_BUFFER_BYTES = 4 * 1024 * 1024;
    /** Buffers kept for the next messages: as many as messages are commonly encoded at once. */
    private static final int SPARE_BUFFERS = 4;
    /**
     * An encoded message up to this size is copied out of its buffer into the queue, and the buffer goes back at once;
     * a larger one is queued in its buffer, so it is not copied whole again on its way out (a 1 MiB tool result).
     */
    private static final int COPIED_BYTES = 8 * 1024;
    /**
     * Past this many bytes queued (the client reads slower than answers and notifications come), a sender waits for the
     * lock and writes itself, as every sender did before answers were queued: a tool that sends notifications in a loop
     * is held back by the client's pace instead of filling the heap.
     */
    private static final long MAX_QUEUED_BYTES = 1024 * 1024;

    private final OutputStream out;
    /** Held by the one sender writing the queue out; only ever tried, never waited for. */
    private final ReentrantLock lock = new ReentrantLock();
    /** Messages encoded whole (each a byte[] line or a {@link Buffer}), in the order their senders queued them. */
    private final ConcurrentLinkedQueue<Object> queued = new ConcurrentLinkedQueue<>();
    /** The bytes in {@link #queued}. */
    private final AtomicLong queuedBytes = new AtomicLong();
    /** Buffers not in use; each message is encoded into one outside the lock. A slot holds one or null. */
    private final AtomicReferenceArray<Buffer> spare = new AtomicReferenceArray<>(SPARE_BUFFERS);
    /** Where {@link #take} looks first: the slot a buffer was given back to last. */
    private final AtomicInteger lastGiven = new AtomicInteger();
    private volatile boolean broken;

    StreamConnection(OutputStream out) {
        this.out = out;
    }

    /** A growable byte array whose content is written without being copied out first. */
    private static final class Buffer extends ByteArrayOutputStream {
        Buffer() {
            super(16 * 1024);
        }

        void writeContentTo(OutputStream target) throws IOException {
            target.write(buf, 0, count);
        }

        /** The content and its line end, as an array of its own. */
        byte[] line() {
            byte[] line = java.util.Arrays.copyOf(buf, count + 1);
            line[count] = '\n';
            return line;
        }

        /** Forgets the content; a buffer grown past {@link #KEPT_BUFFER_BYTES} by one large message is let go. */
        void clear() {
            count = 0;
            if (buf.length > KEPT_BUFFER_BYTES) buf = new byte[16 * 1024];
        }
    }

    private Buffer take() {
        int first = lastGiven.get();
        for (int i = 0; i < SPARE_BUFFERS; i++) {
            Buffer buffer = spare.getAndSet((first + i) % SPARE_BUFFERS, null);
            if (buffer != null) return buffer;
        }
        return new Buffer();
    }

    private void give(Buffer buffer) {
        buffer.clear();
        for (int i = 0; i < SPARE_BUFFERS; i++) {
            if (spare.compareAndSet(i, null, buffer)) {
                lastGiven.set(i);
                return;
            }
        }
    }

    @Override
    public void send(JsonRpcMessage message, RequestId relatedRequest) {
        if (broken) return;
        // Encoded whole before anything is written: a value that is no JSON never leaves half a message on stdout.
        // Into a buffer kept for the next messages; a large message goes from there to the descriptor, so it is not
        // copied into a new array of its own size on the way (a 1 MiB tool result was held three times). Encoding
        // happens outside the lock, so answers finishing at once are encoded in parallel and written together.
        Buffer buffer = take();
        try {
            CODEC.write(message, buffer);
        } catch (IOException e) {
            buffer.clear();
            try {
                buffer.writeBytes(CODEC.encode(message));  // the -32603 that replaces an answer that is no JSON
            } catch (IllegalArgumentException notAnswer) {
                give(buffer);
                log.warn("dropped a message that cannot be written as JSON: {}", notAnswer.getMessage());
                return;
            } catch (RuntimeException | Error notEncoded) {
                give(buffer);
                throw notEncoded;
            }
        } catch (RuntimeException | Error notEncoded) {
            give(buffer);
            throw notEncoded;
        }
        queue(buffer);
    }

    /**
     * Queues the message encoded in {@code buffer} (a small one copied out, and the buffer given back at once), then
     * writes the queue out unless another sender is doing so: that one writes this message too before it lets go.
     */
    private void queue(Buffer buffer) {
        if (buffer.size() <= COPIED_BYTES) {
            byte[] line;
            try {
                line = buffer.line();
            } finally {
                give(buffer);
            }
            queuedBytes.addAndGet(line.length);
            queued.add(line);
        } else {
            buffer.write('\n');
            queuedBytes.addAndGet(buffer.size());
            queued.add(buffer);
        }
        drain();
    }

    /**
     * Writes out what is queued, and flushes once it is empty, while no other sender does. A sender that finds the
     * lock taken leaves: its holder looks at the queue again after letting go, so nothing queued is left behind. Only
     * past {@link #MAX_QUEUED_BYTES} queued does a sender wait for the lock.
     */
    private void drain() {
        while (!queued.isEmpty()) {
            if (!lock.tryLock()) {
                if (queuedBytes.get() <= MAX_QUEUED_BYTES) return;
                lock.lock();
            }
            try {
                writeQueued();
            } finally {
                lock.unlock();
            }
        }
    }

    /**
     * Waits until every message queued so far is written and flushed. Serving ends with it: a sender's
     * {@link #send} may return while another sender still writes its message, and the process must not end first.
     */
    void finish() {
        lock.lock();
        try {
            writeQueued();
        } finally {
            lock.unlock();
        }
    }

    /** Writes out what is queued and flushes. The lock is held. */
    private void writeQueued() {
        try {
            Object next;
            while ((next = queued.poll()) != null) {
                queuedBytes.addAndGet(-(next instanceof byte[] line ? line.length : ((Buffer) next).size()));
                try {
                    if (broken) continue;
                    if (next instanceof byte[] line) out.write(line);
                    else ((Buffer) next).writeContentTo(out);
                } catch (IOException e) {
                    fail(e);
                } finally {
                    if (next instanceof Buffer large) give(large);
                }
            }
            if (!broken) out.flush();
        } catch (IOException e) {
            fail(e);
        }
    }

    @Override
    public void sendBatch(List<JsonRpcMessage> responses) {
        sendEncodedBatch(responses.stream().map(CODEC::encode).toList());
    }

    /** The array written part by part into a kept buffer, so the answers are not first copied into one more array. */
    @Override
    public void sendEncodedBatch(List<byte[]> responses) {
        if (broken) return;
        Buffer buffer = take();
        try {
            buffer.write('[');
            for (int i = 0; i < responses.size(); i++) {
                if (i > 0) buffer.write(',');
                buffer.writeBytes(responses.get(i));
            }
            buffer.write(']');
        } catch (RuntimeException | Error e) {
            give(buffer);
            throw e;
        }
        queue(buffer);
    }

    private void fail(IOException e) {
        if (!broken) log.warn("standard output is closed; dropping messages from now on: {}", e.getMessage());
        broken = true;
    }
}
