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
 * error's code, message and data, or the tool's {@code isError} content) and its log; and each plugin's lines that no
 * call can be given. A call's log holds the server's log lines ({@link LogTap}) written while it ran on its thread or
 * on a thread started from it (a thread inherits the call, so a plugin's executor or {@code new Thread} started during
 * the call counts), and the {@code notifications/message} the console's own calls were sent ({@link #clientLog}). A
 * line that can only be told to be a plugin's — logged on a thread the plugin started outside any call, on a pool
 * thread once the call that started it ended, or what a child-process plugin or mount wrote on standard error or sent
 * outside a call — goes to the plugin's one running call if it has exactly one, else to the plugin's lines. Bounded:
 * {@link #LINES} lines of {@link #LINE_CHARS} characters a call and a plugin. Thread-safe; {@link #close} stops it
 * listening to the log.
 */
final class RecentCalls implements CallObserver, AutoCloseable {
    static final int RECENT = 100;
    static final int LINES = 50;
    static final int LINE_CHARS = 1000;
    static final int DETAIL_CHARS = 8000;
    /** Plugins whose lines are kept: the served ones, and a few more that were removed. */
    static final int PLUGINS = 200;
    private static final JsonCodec CODEC = JsonCodec.shared();

    private final McpServer server;
    private final AtomicLong numbers = new AtomicLong();
    private final ArrayDeque<Call> recent = new ArrayDeque<>();
    /**
     * The call the current thread works for: set on the call's thread while it runs, and inherited by every thread
     * started from there (which a {@code ScopedValue} would not reach). Each console has its own, so that two servers
     * in one JVM keep their calls apart.
     */
    private final InheritableThreadLocal<Call> current = new InheritableThreadLocal<>();
    private final java.util.Set<Call> running = ConcurrentHashMap.newKeySet();
    /** The calls running now by session and request id, for the log notifications sent while they run. */
    private final Map<String, Call> byRequest = new ConcurrentHashMap<>();
    /** Each plugin's lines that no call could be given. */
    private final Map<String, Lines> byPlugin = new ConcurrentHashMap<>();
    private final LogTap.Listening listening;

    RecentCalls(McpServer server) {
        this.server = server;
        this.listening = LogTap.listen(this::logged);
    }

    /** Stops listening to the log; what was collected stays readable. */
    @Override
    public void close() {
        listening.close();
    }

    private void logged(LogTap.Line line) {
        String text = line.level() + " " + line.logger() + ": " + line.message();
        Call call = current.get();
        if (call != null && call.ended == null) {
            call.lines.add(text);
            return;
        }
        String plugin = server.pluginOfCurrentThread();
        if (plugin == null && call != null) plugin = call.plugin;
        if (plugin == null) return;
        Call only = onlyRunningCallOf(plugin);
        if (only != null) {
            only.lines.add(text);
        } else {
            Lines lines = byPlugin.get(plugin);
            if (lines == null && byPlugin.size() < PLUGINS) lines = byPlugin.computeIfAbsent(plugin, p -> new Lines());
            if (lines != null) lines.add(Instant.now() + " " + text);
        }
    }

    private Call onlyRunningCallOf(String plugin) {
        Call only = null;
        for (Call call : running) {
            if (!plugin.equals(call.plugin)) continue;
            if (only != null) return null;
            only = call;
        }
        return only;
    }

    /** At most {@link #LINES} lines, each clipped to {@link #LINE_CHARS}; a call's keeps the first, a plugin's the last. */
    private static final class Lines {
        private final ArrayDeque<String> kept = new ArrayDeque<>();
        private final boolean latest;
        private boolean full;

        Lines() {
            this(true);
        }

        Lines(boolean latest) {
            this.latest = latest;
        }

        synchronized void add(String line) {
            if (kept.size() < LINES) {
                kept.addLast(clip(line, LINE_CHARS));
            } else if (latest) {
                kept.removeFirst();
                kept.addLast(clip(line, LINE_CHARS));
            } else if (!full) {
                full = true;
                kept.addLast("… further lines are left out");
            }
        }

        synchronized List<String> list() {
            return List.copyOf(kept);
        }
    }

    /** One call as the console shows it; its log grows while it runs. */
    private static final class Call {
        final long number;
        final Instant at = Instant.now();
        final CallInfo info;
        /** The plugin serving it, or null. */
        final String plugin;
        final Lines lines = new Lines(false);
        volatile Map<String, Object> ended;

        Call(long number, CallInfo info, String plugin) {
            this.number = number;
            this.info = info;
            this.plugin = plugin;
        }
    }

    @Override
    public CallSpan start(CallInfo info) {
        var call = new Call(numbers.incrementAndGet(), info, server.pluginOf(info));
        Call outer = current.get();
        String key = key(info.session(), info.id());
        current.set(call);
        running.add(call);
        if (key != null) byRequest.put(key, call);
        return outcome -> {
            if (outer == null) current.remove();
            else current.set(outer);
            running.remove(call);
            if (key != null) byRequest.remove(key, call);
            var entry = new LinkedHashMap<String, Object>();
            entry.put("outcome", outcome.kind().name().toLowerCase(Locale.ROOT));
            entry.put("errorCode", outcome.kind() == CallOutcome.Kind.ERROR ? outcome.errorCode() : null);
            entry.put("error", outcome.kind() == CallOutcome.Kind.ERROR && outcome.errorMessage() != null
                    ? outcome.errorMessage() : "");
            entry.put("detail", detail(outcome));
            entry.put("durationMs", Math.round((outcome.endNanos() - info.startNanos()) / 1e4) / 100.0);
            entry.put("plugin", call.plugin == null ? "" : call.plugin);
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
        call.lines.add("client log " + message.get("level") + (logger == null ? "" : " " + logger) + ": "
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
            entry.put("log", call.lines.list());
            return (Map<String, Object>) entry;
        }).toList();
    }

    /** Each plugin's lines that no call could be given, the last {@link #LINES}, oldest first. */
    List<String> pluginLines(String plugin) {
        Lines lines = byPlugin.get(plugin);
        return lines == null ? List.of() : lines.list();
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
