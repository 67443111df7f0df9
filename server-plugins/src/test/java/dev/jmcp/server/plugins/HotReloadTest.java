package dev.jmcp.server.plugins;

import dev.jmcp.server.registry.Owner;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.registry.ToolEntry;
import dev.jmcp.testkit.RecordingContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static dev.jmcp.server.plugins.TestPlugins.call;
import static dev.jmcp.server.plugins.TestPlugins.collect;
import static dev.jmcp.server.plugins.TestPlugins.plugin;
import static dev.jmcp.server.plugins.TestPlugins.replying;
import static org.assertj.core.api.Assertions.assertThat;

@Timeout(60)
class HotReloadTest {
    private static final Duration SETTLE = Duration.ofMillis(100);
    private static final long WAIT_SECONDS = 15;

    @TempDir
    Path folder;

    @Test
    void overwritingAJarPublishesASnapshotWithTheNewBehaviourAndClosesTheOldVersion() throws Exception {
        Path jar = replying("echo", "echo", "version 1").writeTo(folder.resolve("echo.jar"));
        var snapshots = new Snapshots();
        try (var host = new PluginHost(folder, SETTLE, snapshots)) {
            host.start();
            Registry first = snapshots.next();
            JarPlugin old = (JarPlugin) first.tool("echo").orElseThrow().owner();

            replying("echo", "echo", "version 2, longer").writeTo(jar);

            Registry next = snapshots.await(r -> "version 2, longer".equals(answer(r, "echo")));
            assertThat(host.registry()).isSameAs(next);
            assertThat(old.closedSignal().await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
            assertThat(old.enter()).isFalse();
        }
    }

    @Test
    void reloadingLeavesNoReplacedCopyOpen() throws Exception {
        Path procFds = Path.of("/proc/self/fd");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(procFds), "needs /proc to list open files");
        Path jar = replying("swap", "swap", "version 0").writeTo(folder.resolve("swap.jar"));
        var snapshots = new Snapshots();
        try (var host = new PluginHost(folder, SETTLE, snapshots)) {
            host.start();
            Registry current = snapshots.next();
            var replaced = new java.util.ArrayList<Path>();
            for (int version = 1; version <= 3; version++) {
                JarPlugin old = (JarPlugin) current.tool("swap").orElseThrow().owner();
                replaced.add(old.copy());
                String reply = "version " + version;
                replying("swap", "swap", reply).writeTo(jar);
                current = snapshots.await(r -> reply.equals(answer(r, "swap")));
                assertThat(old.closedSignal().await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
            }
            assertThat(openFiles(procFds)).as("files this process holds open")
                    .noneMatch(open -> replaced.stream().anyMatch(copy -> open.startsWith(copy.toString())));
        }
    }

    /** The targets of the process's open file descriptors ("... (deleted)" for a file removed while open). */
    private static java.util.List<String> openFiles(Path procFds) throws java.io.IOException {
        var targets = new java.util.ArrayList<String>();
        try (var fds = Files.list(procFds)) {
            for (Path fd : fds.toList()) {
                try {
                    targets.add(Files.readSymbolicLink(fd).toString());
                } catch (java.io.IOException e) {
                    // Closed between listing and reading (the listing's own descriptor among them).
                }
            }
        }
        return targets;
    }

    @Test
    void deletingAJarRemovesItsTools() throws Exception {
        replying("stays", "stays", "here").writeTo(folder.resolve("stays.jar"));
        Path jar = replying("goes", "goes", "soon gone").writeTo(folder.resolve("goes.jar"));
        var snapshots = new Snapshots();
        try (var host = new PluginHost(folder, SETTLE, snapshots)) {
            host.start();
            JarPlugin old = (JarPlugin) snapshots.next().tool("goes").orElseThrow().owner();

            Files.delete(jar);

            Registry next = snapshots.await(r -> r.tool("goes").isEmpty());
            assertThat(next.tools()).extracting(e -> e.tool().name()).containsExactly("stays");
            assertThat(old.closedSignal().await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void jarInANewSubfolderIsLoaded() throws Exception {
        var snapshots = new Snapshots();
        try (var host = new PluginHost(folder, SETTLE, snapshots)) {
            host.start();
            assertThat(snapshots.next().tools()).isEmpty();

            replying("nested", "nested", "found").writeTo(folder.resolve("team/tools/nested.jar"));

            assertThat(call(snapshots.await(r -> r.tool("nested").isPresent()), "nested")).isEqualTo("found");
        }
    }

    @Test
    void movingASubfolderAwayRemovesItsPlugins(@TempDir Path elsewhere) throws Exception {
        replying("moved", "moved", "x").writeTo(folder.resolve("team/moved.jar"));
        replying("kept", "kept", "x").writeTo(folder.resolve("kept.jar"));
        var snapshots = new Snapshots();
        try (var host = new PluginHost(folder, SETTLE, snapshots)) {
            host.start();
            assertThat(snapshots.next().tools()).hasSize(2);

            Files.move(folder.resolve("team"), elsewhere.resolve("team"));

            Registry next = snapshots.await(r -> r.tool("moved").isEmpty());
            assertThat(next.tools()).extracting(e -> e.tool().name()).containsExactly("kept");
        }
    }

    @Test
    void changingThePropertiesFileReloadsThePlugin() throws Exception {
        plugin("conf", """
                String greeting = registrar.config().get("greeting", "none");
                registrar.tool(new Tool("greet", "d", Tool.NO_ARGUMENTS), (a, c) -> CallToolResult.text(greeting));
                """).writeTo(folder.resolve("conf.jar"));
        Files.writeString(folder.resolve("conf.properties"), "greeting=hello\n");
        var snapshots = new Snapshots();
        try (var host = new PluginHost(folder, SETTLE, snapshots)) {
            host.start();
            assertThat(call(snapshots.next(), "greet")).isEqualTo("hello");

            Files.writeString(folder.resolve("conf.properties"), "greeting=good evening\n");

            snapshots.await(r -> "good evening".equals(answer(r, "greet")));
        }
    }

    @Test
    void failedReloadKeepsThePreviousVersionServing() throws Exception {
        Path jar = replying("stable", "stable", "version 1").writeTo(folder.resolve("stable.jar"));
        var snapshots = new Snapshots();
        try (var host = new PluginHost(folder, SETTLE, snapshots)) {
            host.start();
            Owner owner = snapshots.next().tool("stable").orElseThrow().owner();

            Files.write(jar, "half a zip".getBytes());
            // A later change proves the broken one was handled: it settled first.
            replying("marker", "marker", "x").writeTo(folder.resolve("marker.jar"));

            Registry next = snapshots.await(r -> r.tool("marker").isPresent());
            assertThat(next.tool("stable").orElseThrow().owner()).isSameAs(owner);
            assertThat(call(next, "stable")).isEqualTo("version 1");
        }
    }

    @Test
    void aNewcomerDeclaringANameAlreadyServedIsRefusedAndTheServingPluginKeepsIt() throws Exception {
        replying("zeta", "shared", "served first").writeTo(folder.resolve("z.jar"));
        var snapshots = new Snapshots();
        try (var host = new PluginHost(folder, SETTLE, snapshots)) {
            host.start();
            snapshots.next();

            replying("alpha", "shared", "came later").writeTo(folder.resolve("a.jar"));
            replying("marker", "marker", "x").writeTo(folder.resolve("marker.jar"));

            Registry next = snapshots.await(r -> r.tool("marker").isPresent());
            assertThat(call(next, "shared")).isEqualTo("served first");
        }
    }

    @Test
    void missingFolderIsServedEmptyAndLoadedOnceItAppears() throws Exception {
        Path later = folder.resolve("not/yet/plugins");
        var snapshots = new Snapshots();
        try (var host = new PluginHost(later, SETTLE, snapshots)) {
            host.start();
            assertThat(snapshots.next().tools()).isEmpty();

            Files.createDirectories(later);
            replying("late", "late", "arrived").writeTo(later.resolve("late.jar"));

            assertThat(call(snapshots.await(r -> r.tool("late").isPresent()), "late")).isEqualTo("arrived");
        }
    }

    @Test
    void originalJarCanBeDeletedWhileItsPluginServesFromThePrivateCopy() throws Exception {
        Path jar = plugin("lazy", """
                registrar.tool(new Tool("lazy", "d", Tool.NO_ARGUMENTS), (a, c) -> {
                    try (var in = Main.class.getResourceAsStream("/lazy/greeting.txt")) {
                        return CallToolResult.text(Helper.shout(new String(in.readAllBytes())));
                    }
                });
                """)
                .source("lazy.Helper", "package lazy; final class Helper { static String shout(String s) { return s.toUpperCase(); } }")
                .resource("lazy/greeting.txt", "hello from the copy")
                .writeTo(folder.resolve("lazy.jar"));
        var snapshots = new Snapshots();
        try (var host = new PluginHost(folder, SETTLE, snapshots)) {
            host.start();
            ToolEntry entry = snapshots.next().tool("lazy").orElseThrow();
            JarPlugin owner = (JarPlugin) entry.owner();
            assertThat(owner.enter()).isTrue();

            Files.delete(jar);
            snapshots.await(r -> r.tool("lazy").isEmpty());

            try {
                // Helper and the resource load only now, long after the original file is gone.
                assertThat(TestPlugins.text(entry.handler().call(Map.of(), RecordingContext.plain())))
                        .isEqualTo("HELLO FROM THE COPY");
                assertThat(owner.closedSignal().getCount()).isEqualTo(1);
            } finally {
                owner.exit();
            }
            assertThat(owner.closedSignal().await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
            assertThat(owner.copy()).doesNotExist();
        }
    }

    @Test
    void callInFlightFinishesOnTheOldCodeThenTheOldClassLoaderIsClosedAndCollected() throws Exception {
        Path jar = holding("hold", "old code").writeTo(folder.resolve("hold.jar"));
        var snapshots = new Snapshots();
        try (var host = new PluginHost(folder, SETTLE, snapshots)) {
            host.start();
            snapshots.next();
            var entered = new CountDownLatch(1);
            var release = new CountDownLatch(1);
            HeldCall held = HeldCall.start(host.registry(), "hold", entered, release);
            assertThat(entered.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();

            holding("hold", "new code").writeTo(jar);
            Registry next = snapshots.await(r -> "new code".equals(answer(r, "hold")));

            assertThat(((JarPlugin) next.tool("hold").orElseThrow().owner()).classLoader())
                    .isNotSameAs(held.loader.get());
            assertThat(held.closed.getCount()).as("old version stays open while a call is inside").isEqualTo(1);
            assertThat(held.copy).exists();

            release.countDown();
            assertThat(held.finish()).isEqualTo("old code");
            assertThat(held.closed.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
            assertThat(held.copy).doesNotExist();
            var loader = held.loader;
            var collected = held.collected;
            held = null;
            next = null;
            assertThat(collect(loader, collected, Duration.ofSeconds(WAIT_SECONDS))).as("old class loader collected").isTrue();
        }
    }

    @Test
    void reloadingOnePluginDoesNotDisturbACallInFlightInAnother() throws Exception {
        holding("hold", "held result").writeTo(folder.resolve("hold.jar"));
        Path other = replying("other", "other", "other 1").writeTo(folder.resolve("other.jar"));
        var snapshots = new Snapshots();
        try (var host = new PluginHost(folder, SETTLE, snapshots)) {
            host.start();
            Owner holdOwner = snapshots.next().tool("hold").orElseThrow().owner();
            var entered = new CountDownLatch(1);
            var release = new CountDownLatch(1);
            HeldCall held = HeldCall.start(host.registry(), "hold", entered, release);
            assertThat(entered.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();

            replying("other", "other", "other 2").writeTo(other);
            Registry next = snapshots.await(r -> "other 2".equals(answer(r, "other")));

            assertThat(next.tool("hold").orElseThrow().owner()).isSameAs(holdOwner);
            assertThat(held.closed.getCount()).isEqualTo(1);
            release.countDown();
            assertThat(held.finish()).isEqualTo("held result");
            assertThat(holdOwner.enter()).as("the untouched plugin still serves").isTrue();
            holdOwner.exit();
        }
    }

    @Test
    void closeClosesEveryPluginAndIsIdempotent() throws Exception {
        Path marker = folder.resolve("closed.txt");
        plugin("closing", """
                this.marker = java.nio.file.Path.of(registrar.config().get("marker").orElseThrow());
                registrar.tool(new Tool("closing", "d", Tool.NO_ARGUMENTS), (a, c) -> CallToolResult.text("x"));
                """, """
                private java.nio.file.Path marker;

                @Override
                public void close() throws Exception {
                    java.nio.file.Files.writeString(marker, "closed");
                }
                """).writeTo(folder.resolve("plugins/closing.jar"));
        var host = new PluginHost(folder.resolve("plugins"), SETTLE, registry -> { },
                Map.of("CLOSING_MARKER", marker.toString())::get);
        host.start();
        Owner owner = host.registry().tool("closing").orElseThrow().owner();

        host.close();
        host.close();

        assertThat(marker).hasContent("closed");
        assertThat(host.registry().tools()).isEmpty();
        assertThat(owner.enter()).isFalse();
    }

    /** A plugin whose tool signals {@code entered}, waits for {@code release}, then answers {@code reply}. */
    private static dev.jmcp.testkit.PluginJarBuilder holding(String tool, String reply) {
        return plugin("holding", """
                registrar.tool(new Tool("%s", "holds until released", Tool.NO_ARGUMENTS), (a, c) -> {
                    if (a.get("entered") instanceof CountDownLatch entered) entered.countDown();
                    if (a.get("release") instanceof CountDownLatch release && !release.await(30, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("never released");
                    }
                    return CallToolResult.text("%s");
                });
                """.formatted(tool, reply));
    }

    /** What {@code tool} answers in {@code registry}; null when absent or its owner is already retired. */
    private static String answer(Registry registry, String tool) {
        var entry = registry.tool(tool);
        if (entry.isEmpty() || !entry.get().owner().enter()) return null;
        try {
            return TestPlugins.text(entry.get().handler().call(Map.of(), RecordingContext.plain()));
        } catch (Exception e) {
            return null;
        } finally {
            entry.get().owner().exit();
        }
    }

    /**
     * A tool call held inside a plugin, the way the engine runs one: owner entered, handler on its own thread, owner
     * exited when it returns. Keeps only a weak reference to the plugin's class loader once finished.
     */
    private static final class HeldCall {
        final WeakReference<ClassLoader> loader;
        final ReferenceQueue<ClassLoader> collected;
        final CountDownLatch closed;
        final Path copy;
        final AtomicReference<String> result = new AtomicReference<>();
        private Thread thread;

        private HeldCall(ToolEntry entry) {
            JarPlugin owner = (JarPlugin) entry.owner();
            this.collected = new ReferenceQueue<>();
            this.loader = new WeakReference<>(owner.classLoader(), collected);
            this.closed = owner.closedSignal();
            this.copy = owner.copy();
        }

        static HeldCall start(Registry registry, String tool, CountDownLatch entered, CountDownLatch release) {
            ToolEntry entry = registry.tool(tool).orElseThrow();
            var call = new HeldCall(entry);
            assertThat(entry.owner().enter()).isTrue();
            call.thread = Thread.ofPlatform().name("held-call").start(() -> {
                try {
                    call.result.set(TestPlugins.text(entry.handler().call(
                            Map.of("entered", entered, "release", release), RecordingContext.plain())));
                } catch (Exception e) {
                    call.result.set("failed: " + e);
                } finally {
                    entry.owner().exit();
                }
            });
            return call;
        }

        /** Waits for the call to end and returns its answer; forgets the thread (and through it the plugin). */
        String finish() throws InterruptedException {
            assertThat(thread.join(Duration.ofSeconds(WAIT_SECONDS))).isTrue();
            thread = null;
            return result.get();
        }
    }
}
