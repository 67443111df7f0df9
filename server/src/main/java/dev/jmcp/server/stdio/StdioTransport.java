package dev.jmcp.server.stdio;

import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.session.ServerSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;

/**
 * Serves one session over a pair of streams: "messages are delimited by newlines, and MUST NOT contain embedded
 * newlines". Reads on the calling thread; every request is answered from its own thread.
 */
public final class StdioTransport {
    private static final Logger log = LoggerFactory.getLogger(StdioTransport.class);

    /** How long requests in flight may run on once standard input has closed. */
    static final Duration DRAIN = Duration.ofSeconds(10);
    /** How long cancelled requests get to end before serving returns without them. */
    static final Duration CANCEL_WAIT = Duration.ofSeconds(2);

    private final Engine engine;

    public StdioTransport(Engine engine) {
        this.engine = engine;
    }

    /**
     * Serves until {@code in} ends, then waits up to {@link #DRAIN} for every request already read to be answered;
     * requests still running then are cancelled, and serving returns at most {@link #CANCEL_WAIT} later.
     */
    public void serve(InputStream in, OutputStream out) throws IOException {
        var connection = new StreamConnection(out);
        int max = engine.options().maxMessageBytes();
        var reader = new LineReader(in, max);
        try (ServerSession session = engine.openSession(connection)) {
            LineReader.Line line;
            while ((line = reader.next()) != null) {
                if (line.oversized()) {
                    log.warn("skipped a message of {} bytes, over the limit of {} bytes", line.skipped(), max);
                    connection.send(new JsonRpcErrorResponse(null, new JsonRpcError(ErrorCodes.INVALID_REQUEST,
                            "Invalid request: a message of " + line.skipped() + " bytes exceeds the limit of " + max
                                    + " bytes; it was skipped")), null);
                    continue;
                }
                session.receive(line.bytes(), 0, line.length());
            }
            log.info("standard input closed; finishing the requests in flight");
            session.inputEnded();
            if (!session.awaitIdle(DRAIN)) {
                // Bounded: a handler that never ends (or ignores interruption) must not keep the process alive.
                log.warn("requests still in flight {} s after standard input closed; cancelling them",
                        DRAIN.toSeconds());
                session.close();
                if (!session.awaitIdle(CANCEL_WAIT)) {
                    log.warn("requests in flight ignore cancellation; ending without them");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
