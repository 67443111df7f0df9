package dev.jmcp.server.stdio;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcNotification;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** Answers queued by many senders at once: each written whole, once, in its sender's order, and flushed. */
@Timeout(60)
class StreamConnectionTest {

    /** Keeps only what was flushed: what a client reading the pipe would have seen. */
    private static class Flushed extends OutputStream {
        private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
        private final ByteArrayOutputStream seen = new ByteArrayOutputStream();

        @Override
        public synchronized void write(int b) {
            pending.write(b);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            pending.write(b, off, len);
        }

        @Override
        public synchronized void flush() {
            seen.writeBytes(pending.toByteArray());
            pending.reset();
        }

        synchronized String seen() {
            return seen.toString(StandardCharsets.UTF_8);
        }
    }

    private static JsonRpcNotification message(int sender, int n, String text) {
        return new JsonRpcNotification("notifications/message", Map.of("sender", sender, "n", n, "text", text));
    }

    @Test
    void everyMessageOfManySendersComesOutWholeOnceInOrderAndFlushed() throws InterruptedException {
        var out = new Flushed();
        var connection = new StreamConnection(out);
        int senders = 64;
        int each = 200;
        var threads = new ArrayList<Thread>();
        for (int s = 0; s < senders; s++) {
            int sender = s;
            // Every 50th message is over the size copied out of its buffer, so both ways are taken.
            threads.add(Thread.ofVirtual().start(() -> {
                for (int n = 0; n < each; n++) {
                    connection.send(message(sender, n, n % 50 == 0 ? "x".repeat(20_000) : "hello"), null);
                }
            }));
        }
        for (Thread t : threads) t.join();

        String[] lines = out.seen().split("\n", -1);
        assertThat(lines).hasSize(senders * each + 1);
        assertThat(lines[lines.length - 1]).isEmpty();
        var lastOfSender = new int[senders];
        java.util.Arrays.fill(lastOfSender, -1);
        var seen = new HashSet<String>();
        for (int i = 0; i < lines.length - 1; i++) {
            var message = (JsonRpcNotification) JsonCodec.shared().decode(lines[i]);
            int sender = ((Number) message.params().get("sender")).intValue();
            int n = ((Number) message.params().get("n")).intValue();
            assertThat(seen.add(sender + "/" + n)).isTrue();
            assertThat(n).isEqualTo(lastOfSender[sender] + 1);
            lastOfSender[sender] = n;
        }
    }

    @Test
    void aClientThatDoesNotReadHoldsSendersBackOnceAMebibyteIsQueued() throws Exception {
        var reading = new CountDownLatch(1);
        var written = new ByteArrayOutputStream();
        OutputStream stuck = new OutputStream() {
            @Override
            public void write(int b) {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                try {
                    reading.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                synchronized (written) {
                    written.write(b, off, len);
                }
            }
        };
        var connection = new StreamConnection(stuck);
        // The first sender takes the lock and blocks in its write, as on a pipe the client stopped reading.
        Thread first = Thread.ofPlatform().start(() -> connection.send(message(0, 0, "first"), null));
        waitUntil(() -> first.getState() == Thread.State.WAITING);
        var sent = new AtomicInteger();
        int messages = 40;
        Thread flood = Thread.ofPlatform().start(() -> {
            for (int n = 0; n < messages; n++) {
                connection.send(message(1, n, "y".repeat(100_000)), null);
                sent.incrementAndGet();
            }
        });
        // Past 1 MiB queued, the flooding sender waits for the lock like the first one.
        waitUntil(() -> flood.getState() == Thread.State.WAITING);
        assertThat(sent.get()).isBetween(9, 12);
        reading.countDown();
        first.join();
        flood.join();
        String all;
        synchronized (written) {
            all = written.toString(StandardCharsets.UTF_8);
        }
        assertThat(all.split("\n")).hasSize(messages + 1);
    }

    @Test
    void finishWaitsForWhatAnotherSenderStillWrites() throws Exception {
        var writing = new CountDownLatch(1);
        var out = new Flushed() {
            @Override
            public void write(byte[] b, int off, int len) {
                try {
                    writing.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                super.write(b, off, len);
            }
        };
        var connection = new StreamConnection(out);
        // The first sender holds the lock, blocked in its write; the second only queues its message and returns.
        Thread first = Thread.ofPlatform().start(() -> connection.send(message(0, 0, "first"), null));
        waitUntil(() -> first.getState() == Thread.State.WAITING);
        connection.send(message(1, 0, "second"), null);
        assertThat(out.seen()).isEmpty();
        // Serving ends: finish() returns only once both are written and flushed.
        var finished = new CountDownLatch(1);
        Thread finisher = Thread.ofPlatform().start(() -> {
            connection.finish();
            finished.countDown();
        });
        waitUntil(() -> finisher.getState() == Thread.State.WAITING);
        assertThat(finished.getCount()).isOne();
        writing.countDown();
        assertThat(finished.await(20, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(out.seen()).contains("\"first\"").contains("\"second\"");
        first.join();
    }

    private static void waitUntil(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not reached in 20 s");
            Thread.onSpinWait();
            Thread.yield();
        }
    }
}
