package dev.jmcp.server.plugins;

import dev.jmcp.plugin.Plugin;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.testkit.PluginJarBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static dev.jmcp.server.plugins.TestPlugins.call;
import static dev.jmcp.server.plugins.TestPlugins.replying;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(60)
class PluginRedeclareTest {
    private static final Duration SETTLE = Duration.ofMillis(100);

    /**
     * A plugin that always declares {@code base} and {@code toggle}, and {@code extra} (named by the constructor's
     * choice, see {@link #growing}) while its switch is on. {@code toggle} flips the switch and redeclares from inside
     * the tool call; {@link Runnable#run()} does the same from the caller's thread, so a test can redeclare without a
     * call.
     */
    private static PluginJarBuilder growing(String extraTool) {
        return PluginJarBuilder.create().plugin("grow.Main", """
                package grow;

                import dev.jmcp.plugin.*;
                import dev.jmcp.protocol.*;

                public final class Main implements Plugin, Runnable {
                    private volatile boolean on;
                    private volatile PluginChanges changes;

                    @Override
                    public void register(Registrar registrar) {
                        changes = registrar.changes();
                        registrar.tool(new Tool("base", "always here", Tool.NO_ARGUMENTS),
                                (arguments, context) -> CallToolResult.text("base"));
                        registrar.tool(new Tool("toggle", "flips the extra tool", Tool.NO_ARGUMENTS),
                                (arguments, context) -> {
                                    run();
                                    return CallToolResult.text(on ? "on" : "off");
                                });
                        if (on) {
                            registrar.tool(new Tool("%s", "only while on", Tool.NO_ARGUMENTS),
                                    (arguments, context) -> CallToolResult.text("extra"));
                        }
                    }

                    @Override
                    public void run() {
                        on = !on;
                        try {
                            changes.redeclare();
                        } catch (IllegalStateException e) {
                            on = !on;
                            throw e;
                        }
                    }
                }
                """.formatted(extraTool));
    }

    private static Runnable instanceOf(Registry registry) {
        JarPlugin plugin = (JarPlugin) registry.tool("base").orElseThrow().owner();
        Plugin instance = plugin.instances().getFirst();
        return (Runnable) instance;
    }

    @Test
    void redeclareAddsThenRemovesAToolAndPublishesEachSnapshot() throws Exception {
        growing("extra").writeTo(folder.resolve("grow.jar"));
        var snapshots = new Snapshots();
        try (var host = new PluginHost(folder, SETTLE, snapshots)) {
            host.start();
            Registry first = snapshots.next();
            assertThat(first.tool("extra")).isEmpty();
            Runnable plugin = instanceOf(first);

            plugin.run();

            Registry grown = snapshots.next();
            assertThat(host.registry()).isSameAs(grown);
            assertThat(call(grown, "extra")).isEqualTo("extra");
            assertThat(grown.tool("extra").orElseThrow().owner()).isSameAs(first.tool("base").orElseThrow().owner());

            plugin.run();

            Registry shrunk = snapshots.next();
            assertThat(shrunk.tools()).extracting(e -> e.tool().name()).containsExactly("base", "toggle");
            assertThat(call(shrunk, "base")).isEqualTo("base");
        }
    }

    @Test
    void redeclareFromInsideAToolCallOfThatPluginServesTheNewDeclarations() throws Exception {
        growing("extra").writeTo(folder.resolve("grow.jar"));
        var snapshots = new Snapshots();
        try (var host = new PluginHost(folder, SETTLE, snapshots)) {
            host.start();
            Registry first = snapshots.next();

            assertThat(call(first, "toggle")).isEqualTo("on");

            Registry grown = snapshots.next();
            assertThat(call(grown, "extra")).isEqualTo("extra");
            assertThat(call(grown, "toggle")).isEqualTo("off");
            assertThat(snapshots.next().tool("extra")).isEmpty();
        }
    }

    @Test
    void redeclarationClaimingAnotherPluginsNameIsRefusedAndTheOldDeclarationsKeepServing() throws Exception {
        replying("other", "taken", "from other").writeTo(folder.resolve("other.jar"));
        growing("taken").writeTo(folder.resolve("grow.jar"));
        var snapshots = new Snapshots();
        try (var host = new PluginHost(folder, SETTLE, snapshots)) {
            host.start();
            Registry first = snapshots.next();
            Runnable plugin = instanceOf(first);

            assertThatThrownBy(plugin::run).isInstanceOf(IllegalStateException.class).hasMessageContaining("taken");

            assertThat(host.registry()).isSameAs(first);
            assertThat(call(host.registry(), "taken")).isEqualTo("from other");
            assertThat(call(host.registry(), "base")).isEqualTo("base");
        }
    }

    @Test
    void redeclareAfterThePluginWasRetiredThrows() throws Exception {
        Path jar = growing("extra").writeTo(folder.resolve("grow.jar"));
        var snapshots = new Snapshots();
        try (var host = new PluginHost(folder, SETTLE, snapshots)) {
            host.start();
            Runnable plugin = instanceOf(snapshots.next());

            Files.delete(jar);
            snapshots.await(r -> r.tool("base").isEmpty());

            assertThatThrownBy(plugin::run).isInstanceOf(IllegalStateException.class);
            assertThat(host.registry().tools()).isEmpty();
        }
    }

    @Test
    void redeclareAfterTheHostClosedThrows() throws Exception {
        growing("extra").writeTo(folder.resolve("grow.jar"));
        var snapshots = new Snapshots();
        Runnable plugin;
        try (var host = new PluginHost(folder, SETTLE, snapshots)) {
            host.start();
            plugin = instanceOf(snapshots.next());
        }

        assertThatThrownBy(plugin::run).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void redeclareFromInsideRegisterIsRefusedAtOnceInsteadOfWaitingForItself() throws Exception {
        PluginJarBuilder.create().plugin("nest.Main", """
                package nest;

                import dev.jmcp.plugin.*;
                import dev.jmcp.protocol.*;

                public final class Main implements Plugin, Runnable {
                    private volatile boolean nest;
                    private volatile String outcome = "not tried";
                    private volatile PluginChanges changes;

                    @Override
                    public void register(Registrar registrar) {
                        changes = registrar.changes();
                        if (nest) {
                            nest = false;
                            try {
                                changes.redeclare();
                                outcome = "accepted";
                            } catch (IllegalStateException e) {
                                outcome = e.getMessage();
                            }
                        }
                        String seen = outcome;
                        registrar.tool(new Tool("base", "reports the nested attempt", Tool.NO_ARGUMENTS),
                                (arguments, context) -> CallToolResult.text(seen));
                    }

                    @Override
                    public void run() {
                        nest = true;
                        changes.redeclare();
                    }
                }
                """).writeTo(folder.resolve("nest.jar"));
        var snapshots = new Snapshots();
        try (var host = new PluginHost(folder, SETTLE, snapshots)) {
            host.start();
            Runnable plugin = instanceOf(snapshots.next());
            long started = System.nanoTime();

            plugin.run();

            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(JarPluginLoader.REGISTER_TIMEOUT);
            assertThat(call(snapshots.next(), "base")).contains("inside register()");
        }
    }

    @TempDir
    Path folder;
}
