package dev.jmcp.cli.client;

import dev.jmcp.client.ServerNotification;
import dev.jmcp.protocol.ServerNotifications;
import dev.jmcp.protocol.json.JsonCodec;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Where a client command writes: results to standard output (text, or one JSON document with {@code --json-output}),
 * everything else — progress, the server's log messages, errors — to standard error, so the output can be piped.
 * Thread-safe as its {@link PrintWriter}s are.
 */
final class Output {
    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean json;
    private final Terminal terminal;
    private static final String TASK_STATUS = ServerNotifications.TASKS_STATUS;
    private final java.util.Set<ServerNotification.Kind> changedShown = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private String lastTaskStatus;

    /** {@code terminal}: the person at the keyboard, or null when the command runs piped. */
    Output(PrintWriter out, PrintWriter err, boolean json, Terminal terminal) {
        this.out = out;
        this.err = err;
        this.json = json;
        this.terminal = terminal;
    }

    /** The person at the keyboard, or null when the command runs piped. */
    Terminal terminal() {
        return terminal;
    }

    /** Prints a result: {@code value} as JSON with {@code --json-output}, else the text {@code text} makes of it. */
    void result(Object value, String text) {
        if (json) {
            out.println(JsonCodec.shared().writeValueAsString(value));
        } else if (!text.isEmpty()) {
            out.print(text.endsWith("\n") ? text : text + "\n");
        }
        out.flush();
    }

    /**
     * Progress and log messages as one line each on standard error; on a terminal, progress moves the live bar
     * instead and the other lines are printed above it.
     */
    void notification(ServerNotification notification) {
        if (terminal != null && notification instanceof ServerNotification.Progress progress) {
            terminal.progress(progress);
            return;
        }
        // A server may say the same list changed many times in a run (the reference server does, as it registers
        // tools one by one after initialize): once is news, the rest is noise.
        if (notification instanceof ServerNotification.ListChanged changed && !changedShown.add(changed.kind())) return;
        if (notification instanceof ServerNotification.Other other && other.method().equals(TASK_STATUS)) {
            taskStatus(other.params());
            return;
        }
        String line = switch (notification) {
            case ServerNotification.Progress p -> "progress " + number(p.progress())
                    + (p.total() == null ? "" : "/" + number(p.total())) + (p.message() == null ? "" : ": " + p.message());
            case ServerNotification.LogMessage m -> "[" + m.level() + "]" + (m.logger() == null ? "" : " " + m.logger())
                    + ": " + (m.data() instanceof String s ? s : JsonCodec.shared().writeValueAsString(m.data()));
            case ServerNotification.ListChanged c -> "the server's " + c.kind() + " changed";
            case ServerNotification.ResourceUpdated u -> "resource updated: " + u.uri();
            case ServerNotification.Other o -> null;
        };
        if (line == null) return;
        if (terminal != null) {
            terminal.line(line);
        } else {
            err.println(line);
            err.flush();
        }
    }

    /**
     * A task's status (polled by the client, or the server's notification): on a terminal its message moves into the
     * bar; piped, one line per change.
     */
    private void taskStatus(java.util.Map<String, Object> params) {
        String status = String.valueOf(params.get("status"));
        String message = params.get("statusMessage") instanceof String m ? m : null;
        String line = "task " + status + (message == null ? "" : ": " + message);
        synchronized (this) {
            if (line.equals(lastTaskStatus)) return;
            lastTaskStatus = line;
        }
        if (terminal != null) {
            terminal.status(message == null ? status : message);
        } else {
            err.println(line);
            err.flush();
        }
    }

    static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
                : String.format(Locale.ROOT, "%.2f", value);
    }
}
