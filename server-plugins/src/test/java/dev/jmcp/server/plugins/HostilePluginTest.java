package dev.jmcp.server.plugins;

import dev.jmcp.server.registry.Registry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.jmcp.server.plugins.TestPlugins.call;
import static dev.jmcp.server.plugins.TestPlugins.heldUntilReleased;
import static dev.jmcp.server.plugins.TestPlugins.plugin;
import static dev.jmcp.server.plugins.TestPlugins.replying;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Plugin JARs that misbehave while loading and after removal: classes that block while they initialise, threads that
 * outlive the plugin, a {@code close()} that never returns, a {@code register()} that fails. Each costs a bounded time
 * and is reported; the plugin's class loader and private copy are let go.
 */
@Timeout(60)
class HostilePluginTest {
    private static final Duration INIT_TIMEOUT = Duration.ofSeconds(1);
    /** A class whose static initializer never finishes, and swallows interrupts to make sure of it. */
    private static final String STUCK = """
            package stuck;
            public final class Stuck {
                static {
                    block();
                }
                private static void block() {
                    while (true) {
                        try {
                            Thread.sleep(60_000);
                        } catch (InterruptedException ignored) {
                        }
                    }
                }
                public static String hello() { return "never"; }
            }
            """;

    @TempDir
    Path folder;
    @TempDir
    Path copies;

    private JarPluginLoader loader() {
        return new JarPluginLoader(copies, new ApiClassLoader(getClass().getClassLoader()), name -> null,
                JarPluginChanges.UNSERVED, INIT_TIMEOUT);
    }

    @Test
    void aClassThatBlocksWhileInitialisingIsFoundAtLoadAndThePluginRefusedInBoundedTime() throws Exception {
        Path jar = plugin("stuck", """
                registrar.tool(new Tool("stuck", "d", Tool.NO_ARGUMENTS),
                        (a, c) -> CallToolResult.text(stuck.Stuck.hello()));
                """).source("stuck.Stuck", STUCK).writeTo(folder.resolve("stuck.jar"));
        long start = System.nanoTime();

        assertThatThrownBy(() -> loader().load(jar, JarStamp.read(jar)))
                .isInstanceOf(PluginLoadException.class)
                .hasMessageStartingWith("initialising class stuck.Stuck did not finish within 1 s");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
        assertThat(copies).isEmptyDirectory();
    }

    @Test
    void threadsAPluginStartedAreStoppedWhenItIsRemovedAndItsLoaderIsCollected() throws Exception {
        Path jar = plugin("spawner", """
                Thread worker = new Thread(() -> {
                    while (true) {
                        try {
                            Thread.sleep(50);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                }, "spawner-worker");
                worker.start();
                registrar.tool(new Tool("spawn", "starts another thread", Tool.NO_ARGUMENTS), (a, c) -> {
                    new Thread(() -> {
                        try {
                            new CountDownLatch(1).await();
                        } catch (InterruptedException e) {
                            // told to stop
                        }
                    }, "spawner-call-thread").start();
                    return CallToolResult.text("spawned");
                });
                """).writeTo(folder.resolve("spawner.jar"));
        JarPlugin plugin = loader().load(jar, JarStamp.read(jar));
        assertThat(call(Registry.of(List.of(plugin.contribution())), "spawn")).isEqualTo("spawned");
        var collected = new ReferenceQueue<ClassLoader>();
        var classLoader = new WeakReference<ClassLoader>(plugin.classLoader(), collected);
        assertThat(threadsNamed("spawner-")).hasSize(2);

        plugin.retire();

        assertThat(plugin.awaitClosed(Duration.ofSeconds(10))).isTrue();
        assertThat(threadsNamed("spawner-")).isEmpty();
        plugin = null;
        assertThat(TestPlugins.collect(classLoader, collected, Duration.ofSeconds(10))).isTrue();
    }

    @Test
    void aCloseThatNeverReturnsAndAThreadIgnoringInterruptsStillLetThePluginCloseInBoundedTime() throws Exception {
        Path jar = plugin("clinger", """
                Thread stubborn = new Thread(() -> {
                    while (!stop) {
                        try {
                            Thread.sleep(50);
                        } catch (InterruptedException ignored) {
                        }
                    }
                }, "clinger-stubborn");
                stubborn.setDaemon(true);
                stubborn.start();
                registrar.tool(new Tool("t", "d", Tool.NO_ARGUMENTS), (a, c) -> CallToolResult.text("t"));
                """, """
                static volatile boolean stop;

                @Override
                public void close() {
                    while (true) {
                        try {
                            Thread.sleep(60_000);
                        } catch (InterruptedException ignored) {
                            stop = true;
                        }
                    }
                }
                """).writeTo(folder.resolve("clinger.jar"));
        JarPlugin plugin = loader().load(jar, JarStamp.read(jar));
        long start = System.nanoTime();

        plugin.retire();

        Duration bound = JarPlugin.CLOSE_TIMEOUT.plus(JarPlugin.THREAD_STOP_WAIT).plusSeconds(5);
        assertThat(plugin.awaitClosed(bound)).isTrue();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(bound);
        assertThat(plugin.copy()).doesNotExist();
        assertThat(plugin.classLoader()).isNull();
    }

    @Test
    void aJarWhoseRegisterFailedIsNotRunAgainUntilItChanges() throws Exception {
        Path count = folder.resolve("count.txt");
        System.setProperty("jmcp.test.register.count", count.toString());
        Path plugins = Files.createDirectories(folder.resolve("plugins"));
        Path failing = plugin("failing", """
                java.nio.file.Files.writeString(java.nio.file.Path.of(System.getProperty("jmcp.test.register.count")),
                        "register\\n", java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
                throw new IllegalStateException("refuses to start");
                """).writeTo(plugins.resolve("failing.jar"));
        var snapshots = new Snapshots();
        try (var host = new PluginHost(plugins, Duration.ofMillis(100), snapshots)) {
            host.start();
            snapshots.next();
            assertThat(Files.readAllLines(count)).hasSize(1);

            // The watcher reports the JAR again (its time rewritten unchanged); then a healthy plugin arrives.
            Files.setLastModifiedTime(failing, Files.getLastModifiedTime(failing));
            replying("healthy", "healthy", "fine").writeTo(plugins.resolve("healthy.jar"));
            Registry served = snapshots.await(registry -> registry.tool("healthy").isPresent());

            assertThat(call(served, "healthy")).isEqualTo("fine");
            assertThat(Files.readAllLines(count)).as("register() runs").hasSize(1);
        } finally {
            System.clearProperty("jmcp.test.register.count");
        }
    }

    @Test
    void aPluginSlowToLoadHoldsUpNeitherStartNorThePluginsBesideItNorOnesAddedMeanwhile() throws Exception {
        Path release = folder.resolve("release");
        System.setProperty("jmcp.test.release", release.toString());
        Path plugins = Files.createDirectories(folder.resolve("plugins"));
        // Its register() waits until the test lets it go (at most 25 s, within the register timeout).
        heldUntilReleased("slow", "slow", "late", 25).writeTo(plugins.resolve("a-slow.jar"));
        replying("fast", "fast", "quick").writeTo(plugins.resolve("b-fast.jar"));
        var snapshots = new Snapshots();
        try (var host = new PluginHost(plugins, Duration.ofMillis(100), snapshots)) {
            long start = System.nanoTime();
            host.start();

            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(PluginHost.START_WAIT.plusSeconds(5));
            Registry first = snapshots.next();
            assertThat(first.tool("slow")).isEmpty();
            Registry fast = first.tool("fast").isPresent() ? first
                    : snapshots.await(registry -> registry.tool("fast").isPresent());
            assertThat(fast.tool("slow")).isEmpty();
            replying("later", "later", "added").writeTo(plugins.resolve("c-later.jar"));
            Registry added = snapshots.await(registry -> registry.tool("later").isPresent());
            assertThat(added.tool("slow")).as("the slow plugin is still loading").isEmpty();

            Files.writeString(release, "go");
            Registry all = snapshots.await(registry -> registry.tool("slow").isPresent());
            assertThat(all.tools()).extracting(e -> e.tool().name()).containsExactlyInAnyOrder("fast", "later", "slow");
            assertThat(call(all, "slow")).isEqualTo("late");
        } finally {
            System.clearProperty("jmcp.test.release");
        }
    }

    private static List<Thread> threadsNamed(String prefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.isAlive() && thread.getName().startsWith(prefix)).toList();
    }
}
