package dev.jmcp.server.observe;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Locale;
import java.util.function.Function;

/**
 * One structured line per call on the logger {@value #LOGGER} at INFO, in logfmt ({@code key=value} pairs, values
 * with spaces or quotes quoted), so a log shipper or {@code grep} reads it without parsing prose: method, target
 * (tool, prompt or resource; with tool search, the tool {@code call_tool} ran, and {@code via=call_tool}), the plugin
 * serving it, session, revision, who called (the verified subject or API key name, the client's address), outcome,
 * error code and duration. Thread-safe.
 */
public final class CallLog implements CallObserver {
    public static final String LOGGER = "jmcp.calls";
    private static final Logger log = LoggerFactory.getLogger(LOGGER);

    private final Function<CallInfo, String> pluginOf;

    /** {@code pluginOf} names the plugin serving a call's target, or null. */
    public CallLog(Function<CallInfo, String> pluginOf) {
        this.pluginOf = pluginOf;
    }

    @Override
    public CallSpan start(CallInfo call) {
        if (!log.isInfoEnabled()) return CallSpan.NONE;
        return outcome -> log.info(line(call, pluginOf.apply(call), outcome));
    }

    static String line(CallInfo call, String plugin, CallOutcome outcome) {
        var line = new StringBuilder(160).append("call method=").append(call.method());
        if (call.target() != null) line.append(" target=").append(value(call.target()));
        if (call.via() != null) line.append(" via=").append(value(call.via()));
        if (plugin != null) line.append(" plugin=").append(value(plugin));
        if (call.session() != null) line.append(" session=").append(call.session());
        if (call.revision() != null) line.append(" revision=").append(call.revision());
        // Who called, for an audit trail: never the credential itself, only what verifying it established.
        if (call.caller() != null) line.append(" caller=").append(value(call.caller()));
        if (call.address() != null) line.append(" address=").append(value(call.address()));
        line.append(" id=").append(value(String.valueOf(call.id())));
        line.append(" outcome=").append(outcome.kind().name().toLowerCase(Locale.ROOT));
        if (outcome.kind() == CallOutcome.Kind.ERROR) {
            line.append(" code=").append(outcome.errorCode());
            if (outcome.errorMessage() != null) line.append(" error=").append(value(outcome.errorMessage()));
        }
        double millis = (outcome.endNanos() - call.startNanos()) / 1e6;
        return line.append(" duration_ms=").append(String.format(Locale.ROOT, "%.3f", millis)).toString();
    }

    /** A logfmt value: bare when it is one plain word, else quoted with quotes and backslashes escaped. */
    private static String value(String text) {
        boolean plain = !text.isEmpty();
        for (int i = 0; i < text.length() && plain; i++) {
            char c = text.charAt(i);
            plain = c > ' ' && c != '"' && c != '=' && c != '\\' && c < 127;
        }
        if (plain) return text;
        String shortened = text.length() > 200 ? text.substring(0, 200) + "…" : text;
        return '"' + shortened.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + '"';
    }
}
