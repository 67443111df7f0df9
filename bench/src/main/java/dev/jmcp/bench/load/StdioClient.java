package dev.jmcp.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jmcp.bench.codec.Payloads;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * MCP over a server's standard input and output: one JSON text per line. The caller's thread writes requests
 * (pipelined up to the concurrency, as one client with several calls in flight does); a reader thread matches answers
 * to requests by id. Lines that are not answers (notifications, logs a server wrongly prints) are skipped.
 */
final class StdioClient implements LoadSession {
    private final ServerProcess process;
    private final OutputStream out;
    private final Thread reader;
    private final AtomicReference<Phase> phase = new AtomicReference<>();
    private final AtomicReference<String> failure = new AtomicReference<>();
    private final String text;
    private long nextId = 1;

    StdioClient(ServerProcess process, String text) {
        this.process = process;
        this.text = text;
        this.out = new BufferedOutputStream(process.stdin(), 64 * 1024);
        this.reader = Thread.ofPlatform().daemon().name("stdio-reader-" + process.pid()).start(this::read);
    }

    /** The requests of one phase: when each was sent, how long each took, and what each answer must hold. */
    private static final class Phase {
        final long firstId;
        final long[] sent;
        final long[] latency;
        final Kind kind;
        final Semaphore permits;
        final AtomicInteger answered = new AtomicInteger();
        final AtomicInteger wrong = new AtomicInteger();
        final CountDownLatch done;

        Phase(long firstId, int count, int concurrency, Kind kind) {
            this.firstId = firstId;
            this.sent = new long[count];
            this.latency = new long[count];
            this.kind = kind;
            this.permits = new Semaphore(concurrency);
            this.done = new CountDownLatch(count);
        }
    }

    private void read() {
        try (var lines = new BufferedReader(new InputStreamReader(process.stdout(), StandardCharsets.UTF_8), 1 << 16)) {
            String line;
            while ((line = lines.readLine()) != null) {
                long now = System.nanoTime();
                Phase current = phase.get();
                if (current == null || line.isBlank()) continue;
                JsonNode message;
                try {
                    message = Answers.parse(line);
                } catch (RuntimeException e) {
                    continue;
                }
                var id = Answers.responseId(message);
                if (id.isEmpty()) continue;
                int index = (int) (id.get() - current.firstId);
                if (index < 0 || index >= current.sent.length) continue;
                try {
                    switch (current.kind) {
                        case INITIALIZE -> Answers.checkInitialized(message);
                        case TOOLS_LIST -> Answers.checkToolsList(message);
                        case ECHO -> Answers.checkEcho(message, text);
                    }
                    current.latency[index] = now - current.sent[index];
                    current.answered.incrementAndGet();
                } catch (IllegalStateException wrong) {
                    // A wrong answer does not count, but it is an answer: the request is no longer in flight.
                    if (current.wrong.getAndIncrement() == 0) System.err.println("  " + wrong.getMessage());
                }
                current.permits.release();
                current.done.countDown();
            }
        } catch (IOException | RuntimeException e) {
            failure.compareAndSet(null, e.toString());
        }
        failure.compareAndSet(null, "the server closed its standard output");
    }

    @Override
    public void initialize(Duration limit) throws IOException, InterruptedException {
        Latencies init = run(1, 1, limit, Kind.INITIALIZE);
        if (!init.complete()) throw new IOException("no answer to initialize within " + limit + ": " + failure.get());
        send(Payloads.INITIALIZED.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    @Override
    public void toolsList(Duration limit) throws IOException, InterruptedException {
        Latencies list = run(1, 1, limit, Kind.TOOLS_LIST);
        if (!list.complete()) throw new IOException("no answer to tools/list within " + limit + ": " + failure.get());
    }

    @Override
    public Latencies callEcho(int count, int concurrency, Duration limit) throws IOException, InterruptedException {
        return run(count, concurrency, limit, Kind.ECHO);
    }

    private enum Kind { INITIALIZE, TOOLS_LIST, ECHO }

    private Latencies run(int count, int concurrency, Duration limit, Kind kind)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        var current = new Phase(nextId, count, concurrency, kind);
        nextId += count;
        phase.set(current);
        long start = System.nanoTime();
        int sent = 0;
        while (sent < count && failure.get() == null) {
            if (!current.permits.tryAcquire(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) break;
            long id = current.firstId + sent;
            byte[] request = (switch (kind) {
                case INITIALIZE -> Payloads.initialize(id, PROTOCOL_VERSION);
                case TOOLS_LIST -> Payloads.toolsList(id);
                case ECHO -> Payloads.toolsCall(id, text);
            }).getBytes(StandardCharsets.UTF_8);
            current.sent[sent] = System.nanoTime();
            send(request);
            out.flush();
            sent++;
        }
        current.done.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        long elapsed = System.nanoTime() - start;
        phase.set(null);
        if (current.wrong.get() > 0) System.err.println("  " + current.wrong.get() + " wrong answers");
        if (failure.get() != null) System.err.println("  stdio client: " + failure.get());
        int answered = current.answered.get();
        long[] answeredLatencies = new long[answered];
        int n = 0;
        for (int i = 0; i < count && n < answered; i++) if (current.latency[i] > 0) answeredLatencies[n++] = current.latency[i];
        return new Latencies(count, n, elapsed, answeredLatencies);
    }

    private void send(byte[] line) throws IOException {
        out.write(line);
        out.write('\n');
    }

    String failure() {
        return failure.get();
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            // The server is gone already; closing its process is what matters.
        }
        reader.interrupt();
    }
}
