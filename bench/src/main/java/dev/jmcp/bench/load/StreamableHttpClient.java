package dev.jmcp.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jmcp.bench.codec.Payloads;

import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * MCP over Streamable HTTP at {@code http://127.0.0.1:<port>/mcp}, over HTTP/1.1 keep-alive connections of the
 * driver's own ({@link Http1Connection}): one POST per request, answered either as JSON or as an event stream (read to
 * its end, where the answer is). Concurrency is that many platform threads, each with one request in flight at a time
 * over its own connection.
 *
 * <p>Platform threads, not virtual ones: a virtual thread's blocking read parks it and registers the socket with the
 * JDK's poller, and on two cores shared with the server that made the driver the limit. Opening sessions, the driver
 * spent 66-72 µs of CPU a session on virtual threads against 28-38 µs on platform threads, and every server's rate
 * was pressed towards the driver's (bench/RESULTS.md, "A driver that is not the limit").
 */
final class StreamableHttpClient implements LoadSession {
    private static final String PATH = "/mcp";
    private static final String CONTENT_TYPE = "Content-Type: application/json";
    private static final String ACCEPT = "Accept: application/json, text/event-stream";

    private final int port;
    /** The connection of the caller's thread: initialize, tools/list and the session's end. */
    private final Http1Connection control;
    private final AtomicLong nextId = new AtomicLong(1);
    private final String text;
    private volatile String sessionId;

    StreamableHttpClient(int port, String text) {
        this.text = text;
        this.port = port;
        this.control = new Http1Connection(port);
    }

    @Override
    public void initialize(Duration limit) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        long id = nextId.getAndIncrement();
        Http1Connection.Response response;
        while (true) {
            try {
                response = control.send("POST", PATH, Payloads.initialize(id, PROTOCOL_VERSION), limit, CONTENT_TYPE,
                        ACCEPT);
                break;
            } catch (ConnectException e) {
                // Not listening yet: the server is starting. Poll again shortly, until the limit.
                if (System.nanoTime() > deadline) {
                    throw new IOException("nothing listened at 127.0.0.1:" + port + PATH + " within " + limit);
                }
                Thread.sleep(5);
            }
        }
        if (response.status() != 200) throw new IOException("initialize: HTTP " + response.status() + " " + response.body());
        Answers.checkInitialized(answer(response, id));
        sessionId = response.header("mcp-session-id").orElse(null);
        var initialized = send(control, Payloads.INITIALIZED, limit);
        if (initialized.status() / 100 != 2) {
            throw new IOException("notifications/initialized: HTTP " + initialized.status() + " " + initialized.body());
        }
    }

    @Override
    public void toolsList(Duration limit) throws IOException, InterruptedException {
        long id = nextId.getAndIncrement();
        var response = send(control, Payloads.toolsList(id), limit);
        if (response.status() != 200) throw new IOException("tools/list: HTTP " + response.status() + " " + response.body());
        Answers.checkToolsList(answer(response, id));
    }

    @Override
    public Latencies callEcho(int count, int concurrency, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        long[] latency = new long[count];
        var answered = new AtomicInteger();
        long start = System.nanoTime();
        Exception failure = runWorkers("http-client", count, concurrency, deadline, (i, connection) -> {
            long id = nextId.getAndIncrement();
            String request = Payloads.toolsCall(id, text);
            long sent = System.nanoTime();
            var response = send(connection, request, limit);
            long took = System.nanoTime() - sent;
            if (response.status() != 200) {
                throw new IOException("tools/call: HTTP " + response.status() + " " + response.body());
            }
            Answers.checkEcho(answer(response, id), text);
            latency[i] = took;
            answered.incrementAndGet();
        });
        long elapsed = System.nanoTime() - start;
        if (failure != null) System.err.println("  http client: " + failure);
        long[] answeredLatencies = new long[answered.get()];
        int n = 0;
        for (int i = 0; i < count && n < answeredLatencies.length; i++) if (latency[i] > 0) answeredLatencies[n++] = latency[i];
        return new Latencies(count, n, elapsed, answeredLatencies);
    }

    /**
     * Opens {@code count} more sessions ({@code initialize} and {@code notifications/initialized} each),
     * {@code concurrency} at a time; returns how many opened. With {@code close}, each is then ended with a
     * {@code DELETE} (a server that does not let clients end sessions answers 405, which counts as done): so a warm-up
     * can open as many sessions as the JIT needs without filling the server's table, whose default limit is 10,000.
     */
    int openSessions(int count, int concurrency, Duration limit, boolean close) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        var opened = new AtomicInteger();
        Exception failure = runWorkers("http-session", count, concurrency, deadline, (i, connection) -> {
            long id = nextId.getAndIncrement();
            var response = connection.send("POST", PATH, Payloads.initialize(id, PROTOCOL_VERSION), limit,
                    CONTENT_TYPE, ACCEPT);
            if (response.status() != 200) throw new IOException("initialize: HTTP " + response.status());
            Answers.checkInitialized(answer(response, id));
            String session = response.header("mcp-session-id")
                    .orElseThrow(() -> new IOException("initialize: no Mcp-Session-Id"));
            var initialized = connection.send("POST", PATH, Payloads.INITIALIZED, limit, CONTENT_TYPE, ACCEPT,
                    "Mcp-Session-Id: " + session, "MCP-Protocol-Version: " + PROTOCOL_VERSION);
            if (initialized.status() / 100 != 2) throw new IOException("initialized: HTTP " + initialized.status());
            if (close) {
                var deleted = connection.send("DELETE", PATH, null, limit, "Mcp-Session-Id: " + session,
                        "MCP-Protocol-Version: " + PROTOCOL_VERSION);
                if (deleted.status() / 100 != 2 && deleted.status() != 405) {
                    throw new IOException("DELETE: HTTP " + deleted.status());
                }
            }
            opened.incrementAndGet();
        });
        if (failure != null) System.err.println("  http sessions: " + failure);
        return opened.get();
    }

    /** One turn of a worker: the {@code index}-th of the run's items, over the worker's own connection. */
    @FunctionalInterface
    private interface Turn {
        void run(int index, Http1Connection connection) throws IOException, InterruptedException;
    }

    /**
     * Runs {@code count} turns on {@code concurrency} platform threads named {@code name-N}, each with a connection of
     * its own and taking the next turn until all are taken, one failed or {@code deadline} ({@link System#nanoTime()})
     * passed; waits for the workers until five seconds past the deadline, then interrupts them (a worker blocked in a
     * read ends when the server is stopped, or at the read's timeout; the workers are daemons and hold nothing else).
     * Returns the first failure, or null.
     */
    private Exception runWorkers(String name, int count, int concurrency, long deadline, Turn turn)
            throws InterruptedException {
        var next = new AtomicInteger();
        var failure = new AtomicReference<Exception>();
        var workers = new ArrayList<Thread>(concurrency);
        for (int w = 0; w < concurrency; w++) {
            workers.add(Thread.ofPlatform().daemon().name(name + "-" + w).start(() -> {
                try (var connection = new Http1Connection(port)) {
                    int i;
                    while (failure.get() == null && System.nanoTime() < deadline
                            && (i = next.getAndIncrement()) < count) {
                        try {
                            turn.run(i, connection);
                        } catch (IOException | RuntimeException e) {
                            failure.compareAndSet(null, e);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                }
            }));
        }
        for (Thread worker : workers) {
            if (!worker.join(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())).plusSeconds(5))) worker.interrupt();
        }
        return failure.get();
    }

    /** A POST of {@code json} in this client's session (once it has one). */
    private Http1Connection.Response send(Http1Connection connection, String json, Duration limit) throws IOException {
        String session = sessionId;
        if (session == null) return connection.send("POST", PATH, json, limit, CONTENT_TYPE, ACCEPT);
        return connection.send("POST", PATH, json, limit, CONTENT_TYPE, ACCEPT, "Mcp-Session-Id: " + session,
                "MCP-Protocol-Version: " + PROTOCOL_VERSION);
    }

    /** The answer to request {@code id} in a JSON body or in one of the events of an event-stream body. */
    private static JsonNode answer(Http1Connection.Response response, long id) throws IOException {
        String type = response.header("content-type").orElse("");
        if (!type.startsWith("text/event-stream")) return Answers.parse(response.body());
        var data = new StringBuilder();
        for (String line : (response.body() + "\n\n").split("\r?\n", -1)) {
            if (line.startsWith("data:")) {
                if (!data.isEmpty()) data.append('\n');
                data.append(line.substring(line.startsWith("data: ") ? 6 : 5));
            } else if (line.isEmpty() && !data.isEmpty()) {
                JsonNode message = Answers.parse(data.toString());
                data.setLength(0);
                if (Answers.responseId(message).equals(Optional.of(id))) return message;
            }
        }
        throw new IOException("no answer to request " + id + " in the event stream: " + Answers.abbreviate(response.body()));
    }

    @Override
    public void close() {
        String session = sessionId;
        if (session != null) {
            try {
                control.send("DELETE", PATH, null, Duration.ofSeconds(2), "Mcp-Session-Id: " + session,
                        "MCP-Protocol-Version: " + PROTOCOL_VERSION);
            } catch (IOException e) {
                // The server may not allow DELETE or be gone; the process is stopped next anyway.
            }
        }
        control.close();
    }
}
