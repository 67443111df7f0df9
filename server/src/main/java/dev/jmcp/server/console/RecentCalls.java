package dev.jmcp.server.console;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.observe.CallInfo;
import dev.jmcp.server.observe.CallObserver;
import dev.jmcp.server.observe.CallOutcome;
import dev.jmcp.server.observe.CallSpan;
import dev.jmcp.server.observe.LogTap;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The last {@link #RECENT} calls the server served, for the console: each with how it ended, a failure's detail (the
 * error's code, message and data, or the tool's {@code isError} content) and its log — the server's log lines written
 * on the call's thread while it ran ({@link LogTap}), and the {@code notifications/message} the console's own calls
 * were sent ({@link #clientLog}). Bounded: {@link #LINES} lines of {@link #LINE_CHARS} characters a call. Thread-safe.
 */
final class RecentCalls implements CallObserver {
    static final int RECENT = 100;
    static final int LINES = 50;
    static final int LINE_CHARS = 1000;
    static final int DETAIL_CHARS = 8000;
    private static final JsonCodec CODEC = JsonCodec.shared();

    private final McpServer server;
    private final AtomicLong numbers = new AtomicLong();
    private final ArrayDeque<Call> recent = new ArrayDeque<>();
    /** The calls running now by the thread running them, whose log lines they collect. */
    private final Map<Thread, Call> byThread = new ConcurrentHashMap<>();
    /** The calls running now by session and request id, for the log notifications sent while they run. */
    private final Map<String, Call> byRequest = new ConcurrentHashMap<>();

    RecentCalls(McpServer server) {
        this.server = server;
        LogTap.listen(line -> {
            Call call = byThread.get(Thread.currentThread());
            if (call != null) call.log(line.level() + " " + line.logger() + ": " + line.message());
        });
    }

    /** One call as the console shows it; its log grows while it runs. */
    private static final class Call {
        final long number;
        final Instant at = Instant.now();
        final CallInfo info;
        final List<String> log = new ArrayList<>();
        volatile Map<String, Object> ended;

        Call(long number, CallInfo info) {
            this.number = number;
            this.info = info;
        }

        void log(String line) {
            synchronized (log) {
                if (log.size() < LINES) log.add(clip(line, LINE_CHARS));
                else if (log.size() == LINES) log.add("… further lines are left out");
            }
        }

        List<String> lines() {
            synchronized (log) {
                return List.copyOf(log);
            }
        }
    }

    @Override
    public CallSpan start(CallInfo info) {
        var call = new Call(numbers.incrementAndGet(), info);
        Thread thread = Thread.currentThread();
        String key = key(info.session(), info.id());
        byThread.put(thread, call);
        if (key != null) byRequest.put(key, call);
        return outcome -> {
            byThread.remove(thread, call);
            if (key != null) byRequest.remove(key, call);
            var entry = new LinkedHashMap<String, Object>();
            entry.put("outcome", outcome.kind().name().toLowerCase(Locale.ROOT));
            entry.put("errorCode", outcome.kind() == CallOutcome.Kind.ERROR ? outcome.errorCode() : null);
            entry.put("error", outcome.kind() == CallOutcome.Kind.ERROR && outcome.errorMessage() != null
                    ? outcome.errorMessage() : "");
            entry.put("detail", detail(outcome));
            entry.put("durationMs", Math.round((outcome.endNanos() - info.startNanos()) / 1e4) / 100.0);
            String plugin = server.pluginOf(info);
            entry.put("plugin", plugin == null ? "" : plugin);
            call.ended = entry;
            synchronized (recent) {
                recent.addFirst(call);
                while (recent.size() > RECENT) recent.removeLast();
            }
        };
    }

    /** A {@code notifications/message} sent to {@code session} while serving its request {@code id}. */
    void clientLog(String session, RequestId id, Object params) {
        Call call = byRequest.get(key(session, id));
        if (call == null || !(params instanceof Map<?, ?> message)) return;
        Object data = message.get("data");
        Object logger = message.get("logger");
        call.log("client log " + message.get("level") + (logger == null ? "" : " " + logger) + ": "
                + (data instanceof String text ? text : CODEC.writeValueAsString(data)));
    }

    /** The last calls, newest first, as the page shows them. */
    List<Map<String, Object>> list() {
        List<Call> calls;
        synchronized (recent) {
            calls = new ArrayList<>(recent);
        }
        return calls.stream().map(call -> {
            var entry = new LinkedHashMap<String, Object>();
            entry.put("number", call.number);
            entry.put("at", call.at.toString());
            entry.put("method", call.info.method());
            entry.put("target", call.info.target() == null ? "" : call.info.target());
            entry.put("session", call.info.session() == null ? "" : call.info.session());
            entry.put("id", call.info.id() == null ? "" : String.valueOf(call.info.id().value()));
            entry.putAll(call.ended);
            entry.put("log", call.lines());
            return (Map<String, Object>) entry;
        }).toList();
    }

    private static String detail(CallOutcome outcome) {
        if (outcome.detail() == null) return "";
        try {
            return clip(CODEC.writeValueAsString(outcome.detail()), DETAIL_CHARS);
        } catch (RuntimeException e) {
            return String.valueOf(outcome.detail());
        }
    }

    private static String key(String session, RequestId id) {
        return session == null || id == null ? null : session + " " + id.value();
    }

    private static String clip(String text, int chars) {
        return text.length() <= chars ? text : text.substring(0, chars) + "…";
    }
}
