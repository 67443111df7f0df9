package dev.jmcp.server.stdio;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.session.Connection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.BufferedOutputStream;
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

    private final OutputStream out;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile boolean broken;

    StreamConnection(OutputStream out) {
        this.out = new BufferedOutputStream(out, 64 * 1024);
    }

    @Override
    public void send(JsonRpcMessage message, RequestId relatedRequest) {
        // Encoded whole before anything is written: a value that is no JSON never leaves half a message on stdout.
        byte[] bytes;
        try {
            bytes = CODEC.encode(message);
        } catch (IllegalArgumentException e) {
            log.warn("dropped a message that cannot be written as JSON: {}", e.getMessage());
            return;
        }
        writeLine(out -> out.write(bytes));
    }

    @Override
    public void sendBatch(List<JsonRpcMessage> responses) {
        byte[] bytes = CODEC.encodeBatch(responses);
        writeLine(out -> out.write(bytes));
    }

    private interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes one JSON text and its newline whole, then flushes: the client reads messages as they are sent. */
    private void writeLine(Body body) {
        if (broken) return;
        lock.lock();
        try {
            body.writeTo(out);
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
