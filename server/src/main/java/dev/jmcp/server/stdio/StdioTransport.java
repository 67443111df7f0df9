package dev.jmcp.server.stdio;

import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.server.session.Engine;
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

    private final Engine engine;

    public StdioTransport(Engine engine) {
        this.engine = engine;
    }

    /** Serves until {@code in} ends, then waits for every request already read to be answered. */
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
            while (!session.awaitIdle(Duration.ofSeconds(10))) {
                log.info("still waiting for requests in flight to finish");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
