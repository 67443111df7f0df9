package dev.jmcp.server;

import dev.jmcp.protocol.json.JsonCodec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A storm of valid, invalid and malformed messages from several threads at once: every request gets exactly one
 * response, every unreadable message exactly one error, and nothing else comes back. Seeded, so a failure repeats.
 */
@Timeout(60)
class ExactlyOneResponseTest {
    private static final int THREADS = 4;
    private static final int PER_THREAD = 600;

    private InitializedSession server;

    @AfterEach
    void close() {
        if (server != null) server.close();
    }

    @Test
    void everyRequestIsAnsweredExactlyOnceWhateverElseArrives() throws Exception {
        // Room for every request at once: this test is about answers, the bound has its own test.
        server = new InitializedSession("storm", 1 << 20, THREADS * PER_THREAD, 3, "2025-11-25");
        var client = server.client;

        var expectedById = new HashMap<Object, String>();
        var unreadable = new int[THREADS];
        var batches = new ArrayList<List<String>>();
        for (int t = 0; t < THREADS; t++) {
            var random = new Random(1234 + t);
            var lines = new ArrayList<String>();
            for (int i = 0; i < PER_THREAD; i++) {
                String id = "t" + t + "-" + i;
                switch (random.nextInt(9)) {
                    case 0 -> expect(lines, expectedById, id, "ping", "{}", "result");
                    case 1 -> expect(lines, expectedById, id, "tools/call",
                            "{\"name\":\"echo\",\"arguments\":{\"text\":\"" + i + "\"}}", "result");
                    case 2 -> expect(lines, expectedById, id, "tools/call", "{\"name\":\"fail\"}", "result");
                    case 3 -> expect(lines, expectedById, id, "no/such/method", "{}", "error");
                    case 4 -> expect(lines, expectedById, id, "tools/call", "{\"arguments\":7}", "error");
                    case 5 -> expect(lines, expectedById, id, "resources/read", "{\"uri\":\"test://nowhere\"}", "error");
                    case 6 -> lines.add("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/whatever\"}");
                    case 7 -> {
                        lines.add("{\"jsonrpc\":\"2.0\",\"id\":\"" + id + "\",\"method\":" + "[".repeat(random.nextInt(3)));
                        unreadable[t]++;
                    }
                    default -> {
                        lines.add(random.nextBoolean() ? "[1,2" : "{\"jsonrpc\":\"2.0\"}");
                        unreadable[t]++;
                    }
                }
            }
            batches.add(lines);
        }

        var start = new CountDownLatch(1);
        var threads = new ArrayList<Thread>();
        for (var lines : batches) {
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                lines.forEach(server::send);
            }));
        }
        start.countDown();
        for (var thread : threads) thread.join(TimeUnit.SECONDS.toMillis(30));

        int errorsWithoutId = 0;
        var answered = new HashMap<Object, Integer>();
        int expectedMessages = expectedById.size() + java.util.Arrays.stream(unreadable).sum();
        for (int i = 0; i < expectedMessages; i++) {
            @SuppressWarnings("unchecked")
            var message = (Map<String, Object>) client.next();
            Object id = message.get("id");
            if (id == null) {
                errorsWithoutId++;
                assertThat(message).containsKey("error");
                continue;
            }
            answered.merge(id, 1, Integer::sum);
            assertThat(message).as("answer to %s", id).containsKey(expectedById.get(id));
        }
        assertThat(answered).hasSize(expectedById.size()).allSatisfy((id, count) -> assertThat(count).isOne());
        assertThat(errorsWithoutId).isEqualTo(java.util.Arrays.stream(unreadable).sum());
        assertThat(client.poll(200)).as("nothing more than one answer each").isNull();
    }

    @Test
    void requestsOverThePendingBoundAreRefusedAsBusyAndTheRestStillServed() throws Exception {
        server = new InitializedSession("bounded", 1 << 20, 2, 0, "2025-11-25");
        var client = server.client;
        send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"slow\"}}");
        assertThat(server.plugins.slowStarted.await(5, TimeUnit.SECONDS)).isTrue();
        send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"slow\"}}");
        send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}");
        var busy = client.nextObject();
        assertThat(busy).containsEntry("id", 3);
        assertThat(busy.get("error").toString()).contains("-32000", "Server busy", "2 requests");
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":1}}");
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":2}}");
        assertThat(server.session.awaitIdle(java.time.Duration.ofSeconds(5))).isTrue();
        send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\"}");
        assertThat(client.nextObject()).containsEntry("id", 4).containsKey("result");
    }

    @Test
    void stoppingTheServerAnswersEachCallStillInFlightOnceWithAnError() throws Exception {
        server = new InitializedSession("stopping", 1 << 20, 10, 0, "2025-11-25");
        var client = server.client;
        send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"slow\"}}");
        assertThat(server.plugins.slowStarted.await(5, TimeUnit.SECONDS)).isTrue();

        assertThat(server.engine.stopInFlight()).isOne();

        var stopped = client.nextObject();
        assertThat(stopped).containsEntry("id", 1);
        assertThat(stopped.get("error").toString()).contains("-32603", "the server stopped");
        assertThat(server.session.awaitIdle(java.time.Duration.ofSeconds(5))).as("the call was cancelled too").isTrue();
        assertThat(client.poll(200)).as("one answer, not two").isNull();
    }

    @Test
    void answersHeldForAnUnfinishedBatchCountAgainstThePendingBound() throws Exception {
        server = new InitializedSession("batches", 1 << 20, 4, 0, "2025-03-26");
        var client = server.client;
        // A batch whose slow call keeps its three answered pings in memory until it ends.
        send("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"slow\"}},"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"},{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"},"
                + "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\"}]");
        assertThat(server.plugins.slowStarted.await(5, TimeUnit.SECONDS)).isTrue();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        var never = new CountDownLatch(1);
        while (server.session.requestsInFlight() > 1 && System.nanoTime() < deadline) {
            assertThat(never.await(10, TimeUnit.MILLISECONDS)).isFalse();   // a bounded pause between looks
        }
        assertThat(server.session.requestsInFlight()).as("only the slow call still runs").isOne();

        send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}");
        var busy = client.nextObject();
        assertThat(busy).containsEntry("id", 5);
        assertThat(busy.get("error").toString()).contains("Server busy", "3 answers wait for the rest of their batch");

        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":1}}");
        assertThat(client.next()).as("the batch's answers, the cancelled call's left out").asList().hasSize(3);
        send("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"ping\"}");
        assertThat(client.nextObject()).containsEntry("id", 6).containsKey("result");
    }

    @Test
    void answersHeldForUnfinishedBatchesAreBoundedInBytes() throws Exception {
        // 2 KiB messages: the answers a connection's unfinished batches hold may reach 8 KiB.
        server = new InitializedSession("batches", 2048, 100, 0, "2025-03-26");
        var client = server.client;
        // A slow call and ten echoes of 1,500 characters: 15 KiB of answers would wait for the slow call.
        var batch = new StringBuilder("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"slow\"}}");
        String text = "x".repeat(1500);
        for (int id = 2; id <= 11; id++) {
            batch.append(",{\"jsonrpc\":\"2.0\",\"id\":").append(id).append(",\"method\":\"tools/call\",\"params\":"
                    + "{\"name\":\"echo\",\"arguments\":{\"text\":\"").append(text).append("\"}}}");
        }
        send(batch.append(']').toString());
        assertThat(server.plugins.slowStarted.await(5, TimeUnit.SECONDS)).isTrue();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        var never = new CountDownLatch(1);
        while (server.session.requestsInFlight() > 1 && System.nanoTime() < deadline) {
            assertThat(never.await(10, TimeUnit.MILLISECONDS)).isFalse();   // a bounded pause between looks
        }
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":1}}");

        List<?> answers = (List<?>) client.next();
        assertThat(answers).as("one answer per echo, the cancelled call's left out").hasSize(10);
        int results = 0;
        int refused = 0;
        long resultBytes = 0;
        for (Object answer : answers) {
            var map = (Map<?, ?>) answer;
            if (map.containsKey("result")) {
                results++;
                resultBytes += JsonCodec.shared().writeValueAsString(map).length();
            } else {
                refused++;
                assertThat(map.get("error").toString()).contains("-32603", "pass 8192 bytes", "smaller batch");
            }
        }
        assertThat(results).as("answers kept while they fit").isBetween(3, 5);
        assertThat(refused).as("each answer past the bound replaced by an error for its id").isEqualTo(10 - results);
        assertThat(resultBytes).isLessThanOrEqualTo(8192);
        // The bound is free again once the batch is sent.
        send("{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"arguments\":{\"text\":\"" + text + "\"}}}");
        assertThat(client.nextObject()).containsEntry("id", 12).containsKey("result");
    }

    private static void expect(List<String> lines, Map<Object, String> expected, String id, String method,
                               String params, String kind) {
        lines.add("{\"jsonrpc\":\"2.0\",\"id\":\"" + id + "\",\"method\":\"" + method + "\",\"params\":" + params + "}");
        expected.put(id, kind);
    }

    private void send(String line) {
        server.send(line);
    }
}
