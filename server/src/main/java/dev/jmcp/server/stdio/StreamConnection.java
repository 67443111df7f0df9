package dev.jmcp.server.stdio;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.session.Connection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Writes messages to a stream, one JSON text per line. Thread-safe: a lock keeps each message whole. Once a write
 * fails (the client went away) every later message is dropped.
 */
final class StreamConnection implements Connection {
    private static final Logger log = LoggerFactory.getLogger(StreamConnection.class);
    private static final JsonCodec CODEC = JsonCodec.shared();

    /**
     * The buffer grows to the largest message so far and is kept up to this size (one 1 MiB answer after another
     * reuses it); a message larger than this leaves a buffer that is let go once it is written.
     */
    private static final int KEPT_BUFFER_BYTES = 4 * 1024 * 1024;

    private final OutputStream out;
    private final ReentrantLock lock = new ReentrantLock();
    /** Where each message is encoded whole before it is written; guarded by {@link #lock}. */
    private final Buffer buffer = new Buffer();
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

    @Override
    public void send(JsonRpcMessage message, RequestId relatedRequest) {
        if (broken) return;
        lock.lock();
        try {
            // Encoded whole before anything is written: a value that is no JSON never leaves half a message on stdout.
            // Into one buffer this connection keeps, and from there to the descriptor, so a message is not copied into
            // a new array of its own size on the way (a 1 MiB tool result was held three times).
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
            buffer.writeLineTo(out);
        } catch (IOException e) {
            fail(e);
        } finally {
            buffer.clear();
            lock.unlock();
        }
    }

    @Override
    public void sendBatch(List<JsonRpcMessage> responses) {
        if (broken) return;
        byte[] bytes = CODEC.encodeBatch(responses);
        lock.lock();
        try {
            out.write(bytes);
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            fail(e);
        } finally {
            lock.unlock();
        }
    }

    private void fail(IOException e) {
        if (!broken) log.warn("standard output is closed; dropping messages from now on: {}", e.getMessage());
        broken = true;
    }
}
