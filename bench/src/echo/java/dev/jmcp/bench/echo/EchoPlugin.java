package dev.jmcp.bench.echo;

import dev.jmcp.plugin.Arg;
import dev.jmcp.plugin.McpTool;
import dev.jmcp.plugin.Plugin;
import dev.jmcp.plugin.Registrar;

/**
 * Declares {@code echo(text)}, the tool the benchmarks call on every server they compare. Written the way a user
 * writes a plugin (an annotated method), so a benchmark measures the path users' tools take. Stateless, thread-safe.
 */
public final class EchoPlugin implements Plugin {

    @Override
    public void register(Registrar registrar) {
        registrar.annotated(this);
    }

    @McpTool(description = "Returns its text argument", readOnlyHint = true, destructiveHint = false)
    public String echo(@Arg(description = "The text to return") String text) {
        return text;
    }
}
