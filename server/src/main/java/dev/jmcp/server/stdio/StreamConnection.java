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
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Writes messages to a stream, one JSON text per line. Thread-safe: a lock keeps each message whole. Once a write
 * fails (the client went away) every later message is dropped.
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

    private final OutputStream out;
    private final ReentrantLock lock = new ReentrantLock();
    /** Buffers not in use; each message is encoded into one outside the lock, then written under it. */
    private final ConcurrentLinkedDeque<Buffer> spare = new ConcurrentLinkedDeque<>();
    private volatile boolean broken;

    StreamConnection(OutputStream out) {
        this.out = out;
    }

    /** A growable byte array whose content is written without being copied out first. */
    private static final class Buffer extends ByteArrayOutputStream {
        Buffer() {
            super(16 * 1024);
        }

        void writeLineTo(OutputStream target) throws IOException {
            write('\n');
            target.write(buf, 0, count);
            target.flush();
        }

        /** Forgets the content; a buffer grown past {@link #KEPT_BUFFER_BYTES} by one large message is let go. */
        void clear() {
            count = 0;
            if (buf.length > KEPT_BUFFER_BYTES) buf = new byte[16 * 1024];
        }
    }

    private Buffer take() {
        Buffer buffer = spare.pollFirst();
        return buffer != null ? buffer : new Buffer();
    }

    private void give(Buffer buffer) {
        buffer.clear();
        if (spare.size() < SPARE_BUFFERS) spare.offerFirst(buffer);
    }

    @Override
    public void send(JsonRpcMessage message, RequestId relatedRequest) {
        if (broken) return;
        // Encoded whole before anything is written: a value that is no JSON never leaves half a message on stdout.
        // Into a buffer kept for the next messages, and from there to the descriptor, so a message is not copied into
        // a new array of its own size on the way (a 1 MiB tool result was held three times). Encoding happens outside
        // the lock, so answers finishing at once are encoded in parallel and only their writes take turns.
        Buffer buffer = take();
        try {
            try {
                CODEC.write(message, buffer);
            } catch (IOException e) {
                buffer.clear();
                try {
                    buffer.writeBytes(CODEC.encode(message));  // the -32603 that replaces an answer that is no JSON
                } catch (IllegalArgumentException notAnswer) {
                    log.warn("dropped a message that cannot be written as JSON: {}", notAnswer.getMessage());
                    return;
                }
            }
            writeLine(buffer);
        } finally {
            give(buffer);
        }
    }

    private void writeLine(Buffer buffer) {
        lock.lock();
        try {
            if (!broken) buffer.writeLineTo(out);
        } catch (IOException e) {
            fail(e);
        } finally {
            lock.unlock();
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
            writeLine(buffer);
        } finally {
            give(buffer);
        }
    }

    private void fail(IOException e) {
        if (!broken) log.warn("standard output is closed; dropping messages from now on: {}", e.getMessage());
        broken = true;
    }
}
