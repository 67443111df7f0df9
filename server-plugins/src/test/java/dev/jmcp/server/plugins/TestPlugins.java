package dev.jmcp.server.plugins;

import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.registry.ToolEntry;
import dev.jmcp.testkit.PluginJarBuilder;
import dev.jmcp.testkit.RecordingContext;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Sources of the small plugins the tests build into JARs, a way to call their tools, and to see them released. */
final class TestPlugins {
    private TestPlugins() {
    }

    /** A JAR whose plugin {@code <pkg>.Main} runs {@code registerBody} with {@code registrar} in scope. */
    static PluginJarBuilder plugin(String pkg, String registerBody) {
        return plugin(pkg, registerBody, "");
    }

    /** As {@link #plugin(String, String)}, with extra members (fields, methods, {@code close()}) in the class. */
    static PluginJarBuilder plugin(String pkg, String registerBody, String members) {
        String source = """
                package %s;

                import dev.jmcp.plugin.*;
                import dev.jmcp.protocol.*;
                import java.util.*;
                import java.util.concurrent.*;

                public final class Main implements Plugin {
                    @Override
                    public void register(Registrar registrar) throws Exception {
                        %s
                    }

                    %s
                }
                """.formatted(pkg, registerBody, members);
        return PluginJarBuilder.create().plugin(pkg + ".Main", source);
    }

    /**
     * A plugin whose {@code register()} waits until the file named by the system property {@code jmcp.test.release}
     * exists (at most {@code maxSeconds}), then declares {@code tool}, which answers {@code reply}: a slow load the
     * test ends when it wants.
     */
    static PluginJarBuilder heldUntilReleased(String pkg, String tool, String reply, int maxSeconds) {
        return plugin(pkg, """
                var release = java.nio.file.Path.of(System.getProperty("jmcp.test.release"));
                long end = System.nanoTime() + %d_000_000_000L;
                while (!java.nio.file.Files.exists(release) && System.nanoTime() < end) Thread.sleep(20);
                registrar.tool(new Tool("%s", "d", Tool.NO_ARGUMENTS), (a, c) -> CallToolResult.text("%s"));
                """.formatted(maxSeconds, tool, reply));
    }

    /** A plugin with one tool, {@code tool}, that answers {@code reply}. */
    static PluginJarBuilder replying(String pkg, String tool, String reply) {
        return plugin(pkg, "registrar.tool(new Tool(\"" + tool + "\", \"answers\", Tool.NO_ARGUMENTS), "
                + "(arguments, context) -> CallToolResult.text(\"" + reply + "\"));");
    }

    /** Calls {@code tool} of {@code registry} the way the engine does (entering its owner) and returns its text. */
    static String call(Registry registry, String tool) throws Exception {
        return call(registry, tool, Map.of());
    }

    static String call(Registry registry, String tool, Map<String, Object> arguments) throws Exception {
        ToolEntry entry = registry.tool(tool).orElseThrow(() -> new AssertionError("no tool " + tool));
        assertThat(entry.owner().enter()).as("entering the owner of %s", tool).isTrue();
        try {
            return text(entry.handler().call(arguments, RecordingContext.plain()));
        } finally {
            entry.owner().exit();
        }
    }

    static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    /**
     * Runs the garbage collector until {@code loader} is cleared (a plugin version fully released), for at most
     * {@code timeout}; {@code collected} is the queue {@code loader} was registered with.
     */
    static boolean collect(WeakReference<ClassLoader> loader, ReferenceQueue<ClassLoader> collected, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (loader.get() != null && System.nanoTime() < deadline) {
            System.gc();
            collected.remove(100);
        }
        return loader.get() == null;
    }
}
