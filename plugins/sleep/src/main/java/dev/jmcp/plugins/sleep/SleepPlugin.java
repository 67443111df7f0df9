package dev.jmcp.plugins.sleep;

import dev.jmcp.plugin.Plugin;
import dev.jmcp.plugin.Registrar;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.plugin.ToolException;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.ToolAnnotations;

import java.util.List;
import java.util.Map;

/**
 * The sleep plugin: {@code sleep} waits {@code milliseconds}, at most the configured {@code max-milliseconds}
 * (default 60000; a negative value fails the load). Interrupting the call (cancellation) ends it at once with
 * {@link InterruptedException}. Thread-safe.
 */
public final class SleepPlugin implements Plugin {

    static final int DEFAULT_MAX_MILLISECONDS = 60_000;

    private volatile long maxMilliseconds = DEFAULT_MAX_MILLISECONDS;

    @Override
    public void register(Registrar registrar) {
        int max = registrar.config().getInt("max-milliseconds", DEFAULT_MAX_MILLISECONDS);
        if (max < 0) throw new IllegalArgumentException("configuration max-milliseconds must not be negative, was " + max);
        maxMilliseconds = max;
        var schema = Map.<String, Object>of(
                "type", "object",
                "properties", Map.of("milliseconds", Map.of(
                        "type", "integer",
                        "description", "How long to wait, in milliseconds.",
                        "minimum", 0,
                        "maximum", max)),
                "required", List.of("milliseconds"),
                "additionalProperties", false);
        registrar.tool(new Tool("sleep", "Sleep",
                        "Waits the given number of milliseconds (at most " + max + ") and then answers. "
                                + "Useful to try timeouts and cancellation.",
                        schema, null, new ToolAnnotations(null, true, false, true, false), null, null),
                this::sleep);
    }

    private CallToolResult sleep(Map<String, Object> arguments, RequestContext context) throws InterruptedException {
        long milliseconds = milliseconds(arguments.get("milliseconds"));
        Thread.sleep(milliseconds);
        return CallToolResult.text("Slept " + milliseconds + " ms.");
    }

    private long milliseconds(Object value) {
        if (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())
                && n.doubleValue() >= 0 && n.doubleValue() <= maxMilliseconds) {
            return n.longValue();
        }
        throw new ToolException("milliseconds must be a whole number from 0 to " + maxMilliseconds + ", was "
                + (value == null ? "missing" : "'" + value + "'") + ".");
    }
}
