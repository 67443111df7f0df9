package dev.jmcp.client;

import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.Role;
import dev.jmcp.protocol.Root;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcNotification;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The client's JSON-RPC side over an in-memory scripted server: what needs no real server. */
@Timeout(20)
class McpClientTest {

    @Test
    void byDefaultServerDiscoverIsTriedFirstThenInitializeAsksForTheNewestStatefulRevision() throws Exception {
        // A stateful-only server refuses the probe: one round trip, then initialize as before.
        var server = new ScriptedServer().on("server/discover", r -> new JsonRpcErrorResponse(r.id(),
                new JsonRpcError(-32601, "Method not found: server/discover", null)));
        try (var client = McpClient.builder().roots(List::of).onSampling(r -> null).connect(server)) {
            var probe = (JsonRpcRequest) server.received.take();
            assertThat(probe.method()).isEqualTo("server/discover");
            var init = (JsonRpcRequest) server.received.take();
            assertThat(init.method()).isEqualTo("initialize");
            assertThat(init.params()).containsEntry("protocolVersion", "2025-11-25");
            assertThat(init.params().get("capabilities").toString()).contains("roots", "sampling").doesNotContain("elicitation");
            assertThat(server.awaitNotification("notifications/initialized")).isNotNull();
            assertThat(client.protocolVersion()).isEqualTo(ProtocolVersion.V2025_11_25);
            assertThat(server.negotiated).isEqualTo(ProtocolVersion.V2025_11_25);
            assertThat(client.serverInfo().name()).isEqualTo("scripted");
        }
        assertThat(server.closed).isTrue();
    }

    @Test
    void aServerThatSpeaks20260728IsSpokenToStatelesslyByDefault() throws Exception {
        var server = new ScriptedServer().on("server/discover", r -> ScriptedServer.result(r, Map.of(
                "supportedVersions", List.of("2025-11-25", "2026-07-28"), "capabilities", Map.of("tools", Map.of()),
                "serverInfo", Map.of("name", "modern", "version", "1"))));
        try (var client = McpClient.builder().connect(server)) {
            assertThat(client.protocolVersion()).isEqualTo(ProtocolVersion.V2026_07_28);
            assertThat(client.serverInfo().name()).isEqualTo("modern");
            assertThat(server.negotiated).isEqualTo(ProtocolVersion.V2026_07_28);
            assertThat(server.all).noneSatisfy(m -> assertThat(m).isInstanceOfSatisfying(JsonRpcRequest.class,
                    r -> assertThat(r.method()).isEqualTo("initialize")));
        }
    }

    @Test
    void aPinnedStatefulRevisionIsAskedForDirectlyWithoutTheProbe() throws Exception {
        var server = new ScriptedServer();
        try (var client = McpClient.builder().protocolVersion(ProtocolVersion.V2025_06_18).connect(server)) {
            var init = (JsonRpcRequest) server.received.take();
            assertThat(init.method()).isEqualTo("initialize");
            assertThat(init.params()).containsEntry("protocolVersion", "2025-06-18");
            assertThat(client.protocolVersion()).isEqualTo(ProtocolVersion.V2025_06_18);
        }
        // newestProtocolVersion() undoes a pin.
        var modern = new ScriptedServer();
        try (var client = McpClient.builder().protocolVersion(ProtocolVersion.V2025_06_18).newestProtocolVersion()
                .connect(modern)) {
            assertThat(((JsonRpcRequest) modern.received.take()).method()).isEqualTo("server/discover");
        }
    }

    @Test
    void aLegacyServerThatIgnoresTheDiscoverProbeIsSpokenToThroughInitializeAfterTheDiscoverTimeout() throws Exception {
        // "does not respond within a reasonable timeout: the server is legacy" (stdio backward compatibility).
        var server = new ScriptedServer().on("server/discover", r -> null);
        long start = System.nanoTime();
        try (var client = McpClient.builder().protocolVersion(ProtocolVersion.V2026_07_28)
                .discoverTimeout(java.time.Duration.ofMillis(300)).connect(server)) {
            long tookMillis = (System.nanoTime() - start) / 1_000_000;
            assertThat(client.protocolVersion()).isEqualTo(ProtocolVersion.V2025_11_25);
            assertThat(tookMillis).as("the probe waited its own timeout, not the handshake's").isBetween(300L, 30_000L);
            assertThat(server.all).anySatisfy(m -> assertThat(m).isInstanceOfSatisfying(JsonRpcRequest.class,
                    r -> assertThat(r.method()).isEqualTo("initialize")));
        }
    }

    @Test
    void aServerAnsweringAnUnknownRevisionIsRefused() {
        var server = new ScriptedServer().answeringVersion("1999-01-01");
        assertThatThrownBy(() -> McpClient.builder().connect(server))
                .isInstanceOf(IOException.class).hasMessageContaining("1999-01-01");
        assertThat(server.closed).isTrue();
    }

    @Test
    void anErrorAnswerBecomesMcpErrorExceptionWithCodeMessageAndData() throws Exception {
        var server = new ScriptedServer().on("resources/read", r -> new JsonRpcErrorResponse(r.id(),
                new JsonRpcError(-32002, "Resource not found: x:/y", Map.of("uri", "x:/y"))));
        try (var client = McpClient.builder().connect(server)) {
            assertThatThrownBy(() -> client.readResource("x:/y"))
                    .isInstanceOfSatisfying(McpErrorException.class, e -> {
                        assertThat(e.code()).isEqualTo(-32002);
                        assertThat(e.getMessage()).isEqualTo("Resource not found: x:/y");
                        assertThat(e.data()).isEqualTo(Map.of("uri", "x:/y"));
                    });
            client.ping();
        }
    }

    @Test
    void listingFollowsEveryPageAndStopsAtARepeatedCursor() throws Exception {
        var server = new ScriptedServer().on("tools/list", r -> {
            Object cursor = r.params() == null ? null : r.params().get("cursor");
            return ScriptedServer.result(r, cursor == null
                    ? Map.of("tools", List.of(tool("a")), "nextCursor", "2")
                    : Map.of("tools", List.of(tool("b" + cursor))));
        }).on("prompts/list", r -> ScriptedServer.result(r, Map.of("prompts", List.of(), "nextCursor", "again")));
        try (var client = McpClient.builder().connect(server)) {
            assertThat(client.listTools()).extracting(t -> t.name()).containsExactly("a", "b2");
            assertThat(client.listTools(null).nextCursor()).isEqualTo("2");
            assertThatThrownBy(client::listPrompts).isInstanceOf(IOException.class).hasMessageContaining("'again' twice");
        }
    }

    private static Map<String, Object> tool(String name) {
        return Map.of("name", name, "inputSchema", Map.of("type", "object"));
    }

    @Test
    void aCallWithoutAnswerTimesOutAndIsCancelled() throws Exception {
        var server = new ScriptedServer().on("tools/call", r -> null);
        try (var client = McpClient.builder().requestTimeout(Duration.ofMillis(200)).connect(server)) {
            assertThatThrownBy(() -> client.callTool("slow", Map.of()))
                    .isInstanceOf(RequestTimeoutException.class).hasMessageContaining("tools/call");
            JsonRpcNotification cancelled = server.awaitNotification("notifications/cancelled");
            assertThat(cancelled.params()).containsKey("requestId").containsKey("reason");
        }
    }

    @Test
    void interruptingTheCallerSendsCancelledAndThrowsInterruptedException() throws Exception {
        var asked = new CountDownLatch(1);
        var server = new ScriptedServer().on("tools/call", r -> {
            asked.countDown();
            return null;
        });
        try (var client = McpClient.builder().connect(server)) {
            var thrown = new AtomicReference<Throwable>();
            Thread caller = Thread.ofVirtual().start(() -> {
                try {
                    client.callTool("sleep", Map.of("milliseconds", 60_000));
                } catch (Throwable t) {
                    thrown.set(t);
                }
            });
            assertThat(asked.await(5, TimeUnit.SECONDS)).isTrue();
            caller.interrupt();
            assertThat(caller.join(Duration.ofSeconds(5))).isTrue();
            assertThat(thrown.get()).isInstanceOf(InterruptedException.class);
            var cancelled = server.awaitNotification("notifications/cancelled");
            var call = server.all.stream().filter(m -> m instanceof JsonRpcRequest r && r.method().equals("tools/call"))
                    .findFirst();
            assertThat(cancelled.params().get("requestId")).isEqualTo(((JsonRpcRequest) call.orElseThrow()).id().value());
        }
    }

    @Test
    void progressReachesTheCallsListenerAndPushesItsDeadlineBack() throws Exception {
        var server = new ScriptedServer();
        server.on("tools/call", r -> {
            @SuppressWarnings("unchecked")
            Object token = ((Map<String, Object>) r.params().get("_meta")).get("progressToken");
            for (int i = 1; i <= 4; i++) {
                try {
                    Thread.sleep(150);
                } catch (InterruptedException e) {
                    return null;
                }
                server.inbound.message(new JsonRpcNotification("notifications/progress",
                        Map.of("progressToken", token, "progress", i, "total", 4, "message", "step " + i)));
            }
            return ScriptedServer.result(r, Map.of("content", List.of(Map.of("type", "text", "text", "done"))));
        });
        var seen = new CopyOnWriteArrayList<ServerNotification.Progress>();
        try (var client = McpClient.builder().requestTimeout(Duration.ofMillis(400)).connect(server)) {
            var result = client.callTool("progress_test", Map.of(), seen::add);
            assertThat(((TextContent) result.content().getFirst()).text()).isEqualTo("done");
        }
        assertThat(seen).extracting(ServerNotification.Progress::progress).containsExactly(1.0, 2.0, 3.0, 4.0);
        assertThat(seen.getLast().message()).isEqualTo("step 4");
    }

    @Test
    void aCallReturnsOnlyOnceItsListenerSawTheProgressSentBeforeTheAnswer() throws Exception {
        // The answer follows the last notifications at once, and the listener is slow: the caller must not get the
        // result while some of that progress is still queued for it (a mount passing progress on relies on this).
        var server = new ScriptedServer();
        server.on("tools/call", r -> {
            @SuppressWarnings("unchecked")
            Object token = ((Map<String, Object>) r.params().get("_meta")).get("progressToken");
            for (int i = 1; i <= 3; i++) {
                server.inbound.message(new JsonRpcNotification("notifications/progress",
                        Map.of("progressToken", token, "progress", i, "total", 3)));
            }
            return ScriptedServer.result(r, Map.of("content", List.of(Map.of("type", "text", "text", "done"))));
        });
        var seen = new CopyOnWriteArrayList<Double>();
        try (var client = McpClient.builder().connect(server)) {
            client.callTool("slow_listener", Map.of(), progress -> {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                seen.add(progress.progress());
            });

            assertThat(seen).as("seen when callTool returned").containsExactly(1.0, 2.0, 3.0);
        }
    }

    @Test
    void theServersRequestsAreAnsweredByTheHandlersAndUnknownOnesRefused() throws Exception {
        var server = new ScriptedServer();
        try (var client = McpClient.builder()
                .roots(() -> List.of(new Root("file:///work", "work")))
                .onSampling(r -> new CreateMessageResult(Role.ASSISTANT, new TextContent("Rome"), "m", null))
                .onElicitation(r -> {
                    throw new McpErrorException(-32600, "the user is away", null);
                })
                .connect(server)) {
            server.inbound.message(new JsonRpcRequest(RequestId.of("s1"), "sampling/createMessage", Map.of(
                    "messages", List.of(Map.of("role", "user", "content", Map.of("type", "text", "text", "Capital?"))),
                    "maxTokens", 10)));
            var sampled = (JsonRpcResponse) server.answersFromClient.poll(5, TimeUnit.SECONDS);
            assertThat(sampled.id()).isEqualTo(RequestId.of("s1"));
            assertThat(sampled.result().toString()).contains("Rome");

            server.inbound.message(new JsonRpcRequest(RequestId.of("s2"), "roots/list", null));
            var roots = (JsonRpcResponse) server.answersFromClient.poll(5, TimeUnit.SECONDS);
            assertThat(roots.result().toString()).contains("file:///work");

            server.inbound.message(new JsonRpcRequest(RequestId.of("s3"), "elicitation/create",
                    Map.of("message", "Name?", "requestedSchema", Map.of("type", "object"))));
            var refused = (JsonRpcErrorResponse) server.answersFromClient.poll(5, TimeUnit.SECONDS);
            assertThat(refused.error().message()).isEqualTo("the user is away");

            server.inbound.message(new JsonRpcRequest(RequestId.of("s4"), "tasks/list", null));
            var unknown = (JsonRpcErrorResponse) server.answersFromClient.poll(5, TimeUnit.SECONDS);
            assertThat(unknown.error().code()).isEqualTo(-32601);
        }
    }

    @Test
    void aCancelledServerRequestIsInterruptedAndNotAnswered() throws Exception {
        var server = new ScriptedServer();
        var started = new CountDownLatch(1);
        var interrupted = new CountDownLatch(1);
        try (var client = McpClient.builder().onElicitation(r -> {
            started.countDown();
            try {
                Thread.sleep(30_000);
            } catch (InterruptedException e) {
                interrupted.countDown();
            }
            return new ElicitResult("cancel", null);
        }).connect(server)) {
            server.inbound.message(new JsonRpcRequest(RequestId.of(7), "elicitation/create", Map.of("message", "Name?")));
            assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();
            server.inbound.message(new JsonRpcNotification("notifications/cancelled", Map.of("requestId", 7)));
            assertThat(interrupted.await(5, TimeUnit.SECONDS)).isTrue();
            client.ping();
            assertThat(server.answersFromClient).isEmpty();
        }
    }

    @Test
    void notificationsReachTheListenerInOrderAsRecords() throws Exception {
        var server = new ScriptedServer();
        var seen = new CopyOnWriteArrayList<ServerNotification>();
        var all = new CountDownLatch(4);
        try (var client = McpClient.builder().onNotification(n -> {
            seen.add(n);
            all.countDown();
        }).connect(server)) {
            server.inbound.message(new JsonRpcNotification("notifications/message",
                    Map.of("level", "warning", "logger", "x", "data", "careful")));
            server.inbound.message(new JsonRpcNotification("notifications/tools/list_changed", null));
            server.inbound.message(new JsonRpcNotification("notifications/resources/updated", Map.of("uri", "a:/b")));
            server.inbound.message(new JsonRpcNotification("notifications/elicitation/complete", Map.of("elicitationId", "e")));
            assertThat(all.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(client.protocolVersion()).isNotNull();
        }
        assertThat(seen).containsExactly(
                new ServerNotification.LogMessage(dev.jmcp.protocol.LoggingLevel.WARNING, "x", "careful"),
                new ServerNotification.ListChanged(ServerNotification.Kind.TOOLS),
                new ServerNotification.ResourceUpdated("a:/b"),
                new ServerNotification.Other("notifications/elicitation/complete", Map.of("elicitationId", "e")));
    }

    @Test
    void aBrokenConnectionFailsTheWaitingCallAndEveryLaterOne() throws Exception {
        var server = new ScriptedServer();
        var asked = new CountDownLatch(1);
        server.on("tools/call", r -> {
            asked.countDown();
            return null;
        });
        try (var client = McpClient.builder().connect(server)) {
            var thrown = new AtomicReference<Throwable>();
            Thread caller = Thread.ofVirtual().start(() -> {
                try {
                    client.callTool("x", Map.of());
                } catch (Throwable t) {
                    thrown.set(t);
                }
            });
            assertThat(asked.await(5, TimeUnit.SECONDS)).isTrue();
            server.inbound.closed(new IOException("the server exited"));
            assertThat(caller.join(Duration.ofSeconds(5))).isTrue();
            assertThat(thrown.get()).isInstanceOf(IOException.class).hasMessageContaining("the server exited");
            assertThatThrownBy(client::ping).isInstanceOf(IOException.class).hasMessageContaining("the server exited");
        }
    }
}
