package dev.jmcp.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jmcp.bench.codec.Payloads;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * MCP over Streamable HTTP at {@code http://127.0.0.1:<port>/mcp}, with the JDK's HTTP/1.1 client: one POST per
 * request, answered either as JSON or as an event stream (read to its end, where the answer is). Concurrency is that
 * many virtual threads, each with one request in flight at a time over its own keep-alive connection.
 */
final class StreamableHttpClient implements LoadSession {
    private final URI endpoint;
    private final HttpClient http;
    private final AtomicLong nextId = new AtomicLong(1);
    private final String text;
    private volatile String sessionId;

    StreamableHttpClient(int port, String text) {
        this.text = text;
        this.endpoint = URI.create("http://127.0.0.1:" + port + "/mcp");
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
    }

    @Override
    public void initialize(Duration limit) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        long id = nextId.getAndIncrement();
        HttpResponse<String> response;
        while (true) {
            try {
                response = http.send(post(Payloads.initialize(id, PROTOCOL_VERSION)).build(),
                        HttpResponse.BodyHandlers.ofString());
                break;
            } catch (ConnectException e) {
                // Not listening yet: the server is starting. Poll again shortly, until the limit.
                if (System.nanoTime() > deadline) throw new IOException("nothing listened at " + endpoint + " within " + limit);
                Thread.sleep(5);
            }
        }
        if (response.statusCode() != 200) throw new IOException("initialize: HTTP " + response.statusCode() + " " + response.body());
        Answers.checkInitialized(answer(response, id));
        sessionId = response.headers().firstValue("mcp-session-id").orElse(null);
        var initialized = http.send(post(Payloads.INITIALIZED).build(), HttpResponse.BodyHandlers.ofString());
        if (initialized.statusCode() / 100 != 2) {
            throw new IOException("notifications/initialized: HTTP " + initialized.statusCode() + " " + initialized.body());
        }
    }

    @Override
    public void toolsList(Duration limit) throws IOException, InterruptedException {
        long id = nextId.getAndIncrement();
        var response = http.send(post(Payloads.toolsList(id)).timeout(limit).build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) throw new IOException("tools/list: HTTP " + response.statusCode() + " " + response.body());
        Answers.checkToolsList(answer(response, id));
    }

    @Override
    public Latencies callEcho(int count, int concurrency, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        long[] latency = new long[count];
        var answered = new AtomicInteger();
        long start = System.nanoTime();
        Exception failure = runWorkers("http-client", count, concurrency, deadline, i -> {
            long id = nextId.getAndIncrement();
            var request = post(Payloads.toolsCall(id, text)).timeout(limit).build();
            long sent = System.nanoTime();
            var response = http.send(request, HttpResponse.BodyHandlers.ofString());
            long took = System.nanoTime() - sent;
            if (response.statusCode() != 200) {
                throw new IOException("tools/call: HTTP " + response.statusCode() + " " + response.body());
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
     * Opens {@code count} more sessions ({@code initialize} and {@code notifications/initialized} each, never closed),
     * {@code concurrency} at a time; returns how many opened.
     */
    int openSessions(int count, int concurrency, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        var opened = new AtomicInteger();
        Exception failure = runWorkers("http-session", count, concurrency, deadline, i -> {
            long id = nextId.getAndIncrement();
            var response = http.send(bare(Payloads.initialize(id, PROTOCOL_VERSION)).timeout(limit).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) throw new IOException("initialize: HTTP " + response.statusCode());
            Answers.checkInitialized(answer(response, id));
            String session = response.headers().firstValue("mcp-session-id")
                    .orElseThrow(() -> new IOException("initialize: no Mcp-Session-Id"));
            var initialized = http.send(bare(Payloads.INITIALIZED).header("Mcp-Session-Id", session)
                    .header("MCP-Protocol-Version", PROTOCOL_VERSION).timeout(limit).build(),
                    HttpResponse.BodyHandlers.discarding());
            if (initialized.statusCode() / 100 != 2) throw new IOException("initialized: HTTP " + initialized.statusCode());
            opened.incrementAndGet();
        });
        if (failure != null) System.err.println("  http sessions: " + failure);
        return opened.get();
    }

    /** One turn of a worker: the {@code index}-th of the run's items. */
    @FunctionalInterface
    private interface Turn {
        void run(int index) throws IOException, InterruptedException;
    }

    /**
     * Runs {@code count} turns on {@code concurrency} virtual threads named {@code name-N}, each taking the next turn
     * until all are taken, one failed or {@code deadline} ({@link System#nanoTime()}) passed; waits for the workers
     * until five seconds past the deadline, then interrupts them. Returns the first failure, or null.
     */
    private static Exception runWorkers(String name, int count, int concurrency, long deadline, Turn turn)
            throws InterruptedException {
        var next = new AtomicInteger();
        var failure = new AtomicReference<Exception>();
        var workers = new ArrayList<Thread>(concurrency);
        for (int w = 0; w < concurrency; w++) {
            workers.add(Thread.ofVirtual().name(name + "-" + w).start(() -> {
                int i;
                while (failure.get() == null && System.nanoTime() < deadline && (i = next.getAndIncrement()) < count) {
                    try {
                        turn.run(i);
                    } catch (IOException | RuntimeException e) {
                        failure.compareAndSet(null, e);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }));
        }
        for (Thread worker : workers) {
            if (!worker.join(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())).plusSeconds(5))) worker.interrupt();
        }
        return failure.get();
    }

    private HttpRequest.Builder bare(String json) {
        return HttpRequest.newBuilder(endpoint)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(json));
    }

    private HttpRequest.Builder post(String json) {
        var builder = HttpRequest.newBuilder(endpoint)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        String session = sessionId;
        if (session != null) {
            builder.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", PROTOCOL_VERSION);
        }
        return builder;
    }

    /** The answer to request {@code id} in a JSON body or in one of the events of an event-stream body. */
    private static JsonNode answer(HttpResponse<String> response, long id) throws IOException {
        String type = response.headers().firstValue("content-type").orElse("");
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
                http.send(HttpRequest.newBuilder(endpoint).header("Mcp-Session-Id", session).DELETE()
                        .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.discarding());
            } catch (IOException e) {
                // The server may not allow DELETE or be gone; the process is stopped next anyway.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        http.close();
    }
}
