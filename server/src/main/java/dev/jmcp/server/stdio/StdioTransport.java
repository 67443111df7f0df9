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
            while ((line = nextLine(reader)) != null) {
                if (line.oversized()) {
                    log.warn("skipped a message of {} bytes, over the limit of {} bytes", line.skipped(), max);
                    connection.send(new JsonRpcErrorResponse(null, new JsonRpcError(ErrorCodes.INVALID_REQUEST,
                            "Invalid request: a message of " + line.skipped() + " bytes exceeds the limit of " + max
                                    + " bytes; it was skipped")), null);
                    continue;
                }
                receive(session, line);
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
        } finally {
            // The last answers may still be on their way out through another sender's hands.
            connection.finish();
        }
    }

    /**
     * The next line; when the heap is exhausted (by a plugin's call, most often) while it is read, the read goes on
     * where it stopped once memory is back, since the call that exhausted it fails and lets it go.
     */
    private static LineReader.Line nextLine(LineReader reader) throws IOException, InterruptedException {
        for (int attempt = 1; ; attempt++) {
            try {
                return reader.next();
            } catch (VirtualMachineError e) {
                if (attempt == OUT_OF_MEMORY_TRIES) throw e;
                Thread.sleep(OUT_OF_MEMORY_PAUSE);
            }
        }
    }

    /**
     * Hands {@code line} to the session, again after a pause when the heap was exhausted before the message was taken
     * in: a request is only in flight once its thread has started (the session forgets it otherwise), so taking it in
     * again cannot answer it twice. A message still not taken in after {@value #OUT_OF_MEMORY_TRIES} tries is dropped,
     * and the log says so, rather than the server stop reading.
     */
    private static void receive(ServerSession session, LineReader.Line line) throws InterruptedException {
        for (int attempt = 1; ; attempt++) {
            try {
                session.receive(line.bytes(), 0, line.length());
                return;
            } catch (VirtualMachineError e) {
                if (attempt == OUT_OF_MEMORY_TRIES) {
                    log.error("dropped a message of {} bytes: the heap stayed exhausted for {} s while it was read",
                            line.length(), OUT_OF_MEMORY_TRIES * OUT_OF_MEMORY_PAUSE.toMillis() / 1000, e);
                    return;
                }
                Thread.sleep(OUT_OF_MEMORY_PAUSE);
            }
        }
    }

    /** Up to 30 s, as long as the engine's last resort waits for memory to answer a request. */
    private static final int OUT_OF_MEMORY_TRIES = 600;
    private static final Duration OUT_OF_MEMORY_PAUSE = Duration.ofMillis(50);
}
