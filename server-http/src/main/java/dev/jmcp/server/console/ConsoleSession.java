package dev.jmcp.server.console;

import dev.jmcp.protocol.ClientNotifications;
import dev.jmcp.protocol.ClientRequests;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcAnswer;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcNotification;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.session.OutboundMethods;
import dev.jmcp.server.session.ServerSession;
import dev.jmcp.server.transport.Connection;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The console's own MCP session, through which it sends what a person asks from the page ({@code tools/call},
 * {@code prompts/get}, {@code resources/read}) as any client would, so the calls are served, observed and logged like
 * any other. Opened and initialized at the first request; opened again after an operator ended it. The log
 * notifications its requests are sent go to {@link RecentCalls#clientLog}. Thread-safe.
 */
final class ConsoleSession {
    static final String CLIENT_NAME = "jmcp-console";
    private static final long ANSWER_TIMEOUT_SECONDS = 120;
    private static final JsonCodec CODEC = JsonCodec.shared();

    private final McpServer server;
    private final RecentCalls calls;
    private final AtomicLong ids = new AtomicLong();
    private final Map<RequestId, CompletableFuture<JsonRpcMessage>> pending = new ConcurrentHashMap<>();
    private volatile ServerSession session;

    ConsoleSession(McpServer server, RecentCalls calls) {
        this.server = server;
        this.calls = calls;
    }

    /** The id of the console's session, or null before its first request. */
    String id() {
        ServerSession now = session;
        return now == null ? null : now.id();
    }

    /**
     * Sends {@code method} with {@code params} and returns the JSON-RPC answer as a JSON tree ({@code result} or
     * {@code error}); when none comes within {@link #ANSWER_TIMEOUT_SECONDS}, an {@code error} saying so.
     */
    Map<String, Object> request(String method, Map<String, Object> params) throws InterruptedException {
        ServerSession console = session();
        var id = RequestId.of(ids.incrementAndGet());
        var answer = new CompletableFuture<JsonRpcMessage>();
        pending.put(id, answer);
        try {
            receive(console, Map.of("jsonrpc", "2.0", "id", id.value(), "method", method, "params", params));
            @SuppressWarnings("unchecked")
            var response = (Map<String, Object>) CODEC.parse(CODEC.encode(answer.get(ANSWER_TIMEOUT_SECONDS,
                    TimeUnit.SECONDS)));
            return response;
        } catch (TimeoutException e) {
            return Map.of("error", Map.of("message", "no answer within " + ANSWER_TIMEOUT_SECONDS + " s"));
        } catch (ExecutionException e) {
            return Map.of("error", Map.of("message", String.valueOf(e.getCause())));
        } finally {
            pending.remove(id);
        }
    }

    private synchronized ServerSession session() throws InterruptedException {
        if (session != null) return session;
        ServerSession[] self = new ServerSession[1];
        // The server's own sessions are ServerSessions; the console uses more of one than a transport of one's own.
        var opened = (ServerSession) server.openSession(new Connection() {
            @Override
            public void send(JsonRpcMessage message, RequestId relatedRequest) {
                if (message instanceof JsonRpcAnswer answer) {
                    var waiting = pending.get(answer.id());
                    if (waiting != null) waiting.complete(message);
                } else if (message instanceof JsonRpcNotification note && note.method().equals(OutboundMethods.MESSAGE)
                        && relatedRequest != null && self[0] != null) {
                    calls.clientLog(self[0].id(), relatedRequest, note.params());
                }
            }

            @Override
            public void sendBatch(List<JsonRpcMessage> responses) {
                responses.forEach(r -> send(r, null));
            }
        });
        self[0] = opened;
        opened.endWith(why -> {
            synchronized (this) {
                if (session == opened) session = null;
            }
            opened.close();
        });
        var init = new CompletableFuture<JsonRpcMessage>();
        var initId = RequestId.of("console-initialize");
        pending.put(initId, init);
        receive(opened, Map.of("jsonrpc", "2.0", "id", "console-initialize", "method", ClientRequests.INITIALIZE,
                "params", Map.of("protocolVersion", "2025-11-25", "capabilities", Map.of(),
                        "clientInfo", Map.of("name", CLIENT_NAME, "version", server.options().version()))));
        try {
            init.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            opened.close();
            throw new IllegalStateException("the console's session did not initialize", e);
        } finally {
            pending.remove(initId);
        }
        receive(opened, Map.of("jsonrpc", "2.0", "method", ClientNotifications.INITIALIZED));
        session = opened;
        return opened;
    }

    private static void receive(ServerSession session, Map<String, Object> message) {
        byte[] bytes = CODEC.writeValueAsString(message).getBytes(StandardCharsets.UTF_8);
        session.receive(bytes, 0, bytes.length);
    }
}
