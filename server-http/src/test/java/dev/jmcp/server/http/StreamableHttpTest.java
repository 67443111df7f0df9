package dev.jmcp.server.http;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.InputStream;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static dev.jmcp.server.http.TestClient.call;
import static dev.jmcp.server.http.TestClient.object;
import static org.assertj.core.api.Assertions.assertThat;

/** Streamable HTTP against a real Jetty on 127.0.0.1: sessions, answer forms, streams and resumption. */
@Timeout(30)
class StreamableHttpTest {
    private HttpFixture fixture;
    private TestClient client;

    private void start(HttpOptions options) throws Exception {
        fixture = new HttpFixture(options);
        client = new TestClient(fixture.transport.url());
    }

    private void start() throws Exception {
        start(HttpOptions.defaults());
    }

    @AfterEach
    void stop() {
        if (client != null) client.close();
        if (fixture != null) fixture.close();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> error(String body) {
        return (Map<String, Object>) object(body).get("error");
    }

    @Test
    void initializeOpensASessionWithARandomVisibleAsciiId() throws Exception {
        start();
        var result = client.initialize("2025-11-25");
        assertThat(client.sessionId).matches("[\\x21-\\x7E]{32}");
        assertThat(((Map<?, ?>) result.get("result")).get("protocolVersion")).isEqualTo("2025-11-25");
        String first = client.sessionId;
        client.sessionId = null;
        client.initialize("2025-06-18");
        assertThat(client.sessionId).isNotEqualTo(first);
        assertThat(fixture.transport.sessionCount()).isEqualTo(2);
    }

    @Test
    void aRefusedInitializeNamesNoSessionAndLeavesNoneBehind() throws Exception {
        start();
        var response = client.postString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}");
        assertThat(error(response.body()).get("code")).isEqualTo(-32602);
        assertThat(response.headers().firstValue("Mcp-Session-Id")).isEmpty();
        // The refused session is dropped right after its answer is written: give that a moment, bounded.
        long deadline = System.nanoTime() + java.time.Duration.ofSeconds(5).toNanos();
        while (fixture.transport.sessionCount() > 0 && System.nanoTime() < deadline) {
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
        }
        assertThat(fixture.transport.sessionCount()).isZero();
    }

    @Test
    void aRequestWithoutASessionIdIsRefusedWith400() throws Exception {
        start();
        var response = client.postString(call(1, "echo", false));
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat((String) error(response.body()).get("message")).contains("Mcp-Session-Id");
    }

    @Test
    void anUnknownSessionIdGets404() throws Exception {
        start();
        client.sessionId = "no-such-session";
        var response = client.postString(call(1, "echo", false));
        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(error(response.body())).containsKey("code");
    }

    @Test
    void deleteEndsTheSessionAndLaterRequestsGet404() throws Exception {
        start();
        client.initialize("2025-11-25");
        assertThat(client.delete().statusCode()).isEqualTo(204);
        assertThat(client.postString(call(1, "echo", false)).statusCode()).isEqualTo(404);
        assertThat(client.delete().statusCode()).isEqualTo(404);
        assertThat(fixture.engine.sessionCount()).isZero();
    }

    @Test
    void aRequestAnsweredAloneGetsAJsonBody() throws Exception {
        start();
        client.initialize("2025-11-25");
        var response = client.postString(call(7, "echo", false));
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/json");
        var message = object(response.body());
        assertThat(message.get("id")).isEqualTo(7);
        assertThat(message.get("result").toString()).contains("echo: hi 7");
    }

    @Test
    void aRequestWithProgressIsAnsweredOnAnEventStreamEndingWithTheResponse() throws Exception {
        start();
        client.initialize("2025-11-25");
        var response = client.stream(client.post(call(3, "progress", true)));
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/event-stream");
        var events = readAll(response.body());
        var priming = events.getFirst();
        assertThat(priming.id()).isNotBlank();
        assertThat(priming.data()).isEmpty();
        assertThat(priming.retry()).isEqualTo(HttpOptions.DEFAULT_SSE_RETRY.toMillis());
        var messages = events.subList(1, events.size()).stream().map(e -> object(e.data())).toList();
        assertThat(messages).hasSize(5);
        assertThat(messages.subList(0, 3)).allSatisfy(m -> assertThat(m.get("method")).isEqualTo("notifications/progress"));
        assertThat(messages.get(3).get("method")).isEqualTo("notifications/message");
        assertThat(messages.get(4).get("id")).isEqualTo(3);
        assertThat(events.stream().map(SseEvent::id).distinct()).hasSize(events.size());
    }

    @Test
    void olderRevisionsGetNoPrimingEventButTheSameStream() throws Exception {
        start();
        client.initialize("2025-03-26");
        var events = readAll(client.stream(client.post(call(3, "progress", true))).body());
        assertThat(events).hasSize(5).allSatisfy(e -> assertThat(e.data()).isNotEmpty());
    }

    @Test
    void notificationsAndResponsesAreAcceptedWith202AndNoBody() throws Exception {
        start();
        client.initialize("2025-11-25");
        var notification = client.postString("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/roots/list_changed\"}");
        assertThat(notification.statusCode()).isEqualTo(202);
        assertThat(notification.body()).isEmpty();
        var stray = client.postString("{\"jsonrpc\":\"2.0\",\"id\":\"jmcp-99\",\"result\":{}}");
        assertThat(stray.statusCode()).isEqualTo(202);
    }

    @Test
    void aGetStreamReceivesListChangedNotifications() throws Exception {
        start();
        client.initialize("2025-11-25");
        var response = client.stream(client.get());
        assertThat(response.statusCode()).isEqualTo(200);
        try (var reader = new SseReader(response.body())) {
            assertThat(reader.next().data()).isEmpty(); // priming
            fixture.addTool();
            var event = reader.next();
            assertThat(object(event.data()).get("method")).isEqualTo("notifications/tools/list_changed");
            assertThat(event.id()).isNotBlank();
        }
    }

    @Test
    void messagesSentWhileNoGetStreamIsOpenAreDeliveredWhenOneOpens() throws Exception {
        start();
        client.initialize("2025-11-25");
        fixture.addTool();
        try (var reader = new SseReader(client.stream(client.get()).body())) {
            reader.next(); // priming
            assertThat(object(reader.next().data()).get("method")).isEqualTo("notifications/tools/list_changed");
        }
    }

    @Test
    void aDroppedStreamResumesWithLastEventIdLosingAndRepeatingNothing() throws Exception {
        start();
        client.initialize("2025-11-25");
        var response = client.stream(client.post(call(5, "gated", true)));
        String lastId;
        try (var reader = new SseReader(response.body())) {
            reader.next(); // priming
            var first = reader.next();
            assertThat(object(first.data()).get("method")).isEqualTo("notifications/progress");
            lastId = first.id();
        } // the client drops the connection here
        fixture.openGate();
        var resumed = client.stream(client.get().header("Last-Event-ID", lastId));
        assertThat(resumed.statusCode()).isEqualTo(200);
        var rest = readAll(resumed.body()).stream().filter(e -> e.data() != null && !e.data().isEmpty()).toList();
        assertThat(rest).hasSize(3);
        assertThat(object(rest.get(0).data()).toString()).contains("after the gate");
        assertThat(object(rest.get(1).data()).toString()).contains("last step");
        assertThat(object(rest.get(2).data()).get("id")).isEqualTo(5);
    }

    @Test
    void resumingFromAnEventOlderThanTheReplayBufferIsReportedAsGone() throws Exception {
        start(HttpOptions.defaults().withReplayBufferSize(2));
        client.initialize("2025-11-25");
        var events = readAll(client.stream(client.post(call(4, "progress", true))).body());
        var firstMessage = events.get(1);
        var response = client.send(client.get().header("Last-Event-ID", firstMessage.id()));
        assertThat(response.statusCode()).isEqualTo(410);
        assertThat((String) error(response.body()).get("message")).contains("no longer buffered");
        var unknown = client.send(client.get().header("Last-Event-ID", "garbage"));
        assertThat(unknown.statusCode()).isEqualTo(400);
    }

    @Test
    void withPollingTheServerClosesASlowRequestsConnectionAndTheClientResumesTheRest() throws Exception {
        start(HttpOptions.defaults().withPollAfter(java.time.Duration.ofMillis(100)));
        client.initialize("2025-11-25");
        var events = readAll(client.stream(client.post(call(9, "gated", true))).body());
        assertThat(events).isNotEmpty();
        assertThat(events.getFirst().retry()).isNotNull();
        assertThat(events).noneMatch(e -> e.data() != null && e.data().contains("\"result\""));
        fixture.openGate();
        String lastId = events.getLast().id();
        var rest = readAll(client.stream(client.get().header("Last-Event-ID", lastId)).body());
        assertThat(rest.getLast().data()).contains("gated done");
        var all = new ArrayList<>(events);
        all.addAll(rest);
        assertThat(all.stream().map(SseEvent::id).distinct()).hasSize(all.size());
    }

    @Test
    void releasingARequestsStreamEndsItsConnectionAndTheClientResumesTheRest() throws Exception {
        start();
        client.initialize("2025-11-25");
        var response = client.stream(client.post(call(21, "gated", true)));
        assertThat(fixture.gatedStarted.await(10, TimeUnit.SECONDS)).isTrue();
        var session = (StreamableSession) fixture.transport.session(client.sessionId);
        session.releaseStream(dev.jmcp.protocol.jsonrpc.RequestId.of(21));
        var events = readAll(response.body());
        assertThat(events.getFirst().retry()).isNotNull();
        assertThat(events).noneMatch(e -> e.data() != null && e.data().contains("\"result\""));
        fixture.openGate();
        var rest = readAll(client.stream(client.get().header("Last-Event-ID", events.getLast().id())).body());
        assertThat(rest.stream().filter(e -> e.data() != null && !e.data().isEmpty())).hasSize(3);
        assertThat(rest.getLast().data()).contains("gated done");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2025-03-26", "2025-06-18"})
    void releasingAStreamBefore20251125DoesNothingAndTheResultArrivesOnThePost(String revision) throws Exception {
        start();
        client.initialize(revision);
        var response = client.stream(client.post(call(22, "gated", true)));
        assertThat(fixture.gatedStarted.await(10, TimeUnit.SECONDS)).isTrue();
        var session = (StreamableSession) fixture.transport.session(client.sessionId);
        assertThat(session.closeStream(dev.jmcp.protocol.jsonrpc.RequestId.of(22))).isFalse();
        fixture.openGate();
        var events = readAll(response.body());
        assertThat(events.getLast().data()).contains("gated done");
    }

    @Test
    void cancellingARequestEndsItsPost() throws Exception {
        start();
        client.initialize("2025-11-25");
        var pending = client.http.sendAsync(client.post(call(11, "slow", false)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(fixture.slowStarted.await(10, TimeUnit.SECONDS)).isTrue();
        var cancel = client.postString("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":11}}");
        assertThat(cancel.statusCode()).isEqualTo(202);
        assertThat(fixture.slowInterrupted.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(pending.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(202);
    }

    @Test
    void aBatchIsAnsweredAsOneJsonArrayIn20250326AndRefusedLater() throws Exception {
        start();
        client.initialize("2025-03-26");
        var response = client.postString("[" + call(1, "echo", false) + "," + call(2, "echo", false)
                + ",{\"jsonrpc\":\"2.0\",\"method\":\"notifications/roots/list_changed\"}]");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).startsWith("[").contains("hi 1").contains("hi 2");
        var notificationsOnly = client.postString("[{\"jsonrpc\":\"2.0\",\"method\":\"notifications/roots/list_changed\"}]");
        assertThat(notificationsOnly.statusCode()).isEqualTo(202);

        client.sessionId = null;
        client.initialize("2025-11-25");
        var refused = client.postString("[" + call(1, "echo", false) + "]");
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat((String) error(refused.body()).get("message")).contains("batch");
    }

    @Test
    void anUnsupportedProtocolVersionHeaderIsRefusedNamingTheSupportedOnes() throws Exception {
        start();
        client.initialize("2025-11-25");
        client.version = "1999-01-01";
        var response = client.postString(call(1, "echo", false));
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).contains("2025-11-25").contains("1999-01-01");
    }

    @Test
    void malformedJsonGetsAParseErrorAndTheServerGoesOn() throws Exception {
        start();
        client.initialize("2025-11-25");
        var response = client.postString("{\"jsonrpc\":");
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(error(response.body()).get("code")).isEqualTo(-32700);
        assertThat(client.postString(call(2, "echo", false)).statusCode()).isEqualTo(200);
    }

    static List<SseEvent> readAll(InputStream body) throws Exception {
        var events = new ArrayList<SseEvent>();
        try (var reader = new SseReader(body)) {
            SseEvent event;
            while ((event = reader.next()) != null) events.add(event);
        }
        return events;
    }

    @Test
    void aHundredSessionsCallConcurrentlyAndEveryCallGetsItsOwnAnswer() throws Exception {
        start();
        var failures = new LinkedBlockingQueue<String>();
        var threads = new ArrayList<Thread>();
        for (int s = 0; s < 100; s++) {
            int session = s;
            threads.add(Thread.ofVirtual().start(() -> {
                try (var c = new TestClient(fixture.transport.url())) {
                    c.initialize("2025-11-25");
                    for (int i = 0; i < 3; i++) {
                        int id = session * 10 + i;
                        var response = i == 1 ? readAll(c.stream(c.post(call(id, "progress", true))).body()).getLast().data()
                                : c.postString(call(id, "echo", false)).body();
                        if (!object(response).get("id").equals(id)) failures.add("session " + session + " call " + id + ": " + response);
                    }
                    if (c.delete().statusCode() != 204) failures.add("session " + session + " delete");
                } catch (Exception e) {
                    failures.add("session " + session + ": " + e);
                }
            }));
        }
        for (var thread : threads) assertThat(thread.join(java.time.Duration.ofSeconds(25))).isTrue();
        assertThat(failures).isEmpty();
        assertThat(fixture.transport.sessionCount()).isZero();
    }
}
