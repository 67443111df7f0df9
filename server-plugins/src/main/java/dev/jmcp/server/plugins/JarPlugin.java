package dev.jmcp.server.plugins;

import dev.jmcp.plugin.Plugin;
import dev.jmcp.plugin.PluginConfig;
import dev.jmcp.server.registry.Contribution;
import dev.jmcp.server.registry.Lease;
import dev.jmcp.server.registry.Owner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One loaded plugin JAR: its class loader over a private copy of the JAR, its {@link Plugin} instances and what they
 * declared. It is the {@link Owner} of its registry entries: a lease counts the calls inside it.
 *
 * <p>The {@link PluginHost} creates it (through {@link JarPluginLoader}) and {@link #retire}s it when it is replaced,
 * removed or the host closes. From then on {@link #enter} returns false, so a caller holding an old snapshot looks the
 * entry up again and finds the new version; once the last call has {@link #exit}ed, the plugin is closed on a virtual
 * thread of its own: {@link Plugin#close()} of each instance (bounded by {@link #CLOSE_TIMEOUT}), the threads the
 * plugin started interrupted (those still running after {@link #THREAD_STOP_WAIT} named in the log), the class loader
 * closed, the private copy deleted, and every reference to plugin code dropped so the class loader can be collected. Failures while closing are logged and
 * do not stop the rest of the closing. Thread-safe.
 */
final class JarPlugin implements Owner, dev.jmcp.server.registry.RunawayAware {
    private static final Logger LOG = LoggerFactory.getLogger(JarPlugin.class);
    /** How long a plugin's {@code close()} may take before closing goes on without it. */
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);
    /** How long the threads a removed plugin started get to end once interrupted. */
    static final Duration THREAD_STOP_WAIT = Duration.ofSeconds(2);

    private final String name;
    private final Path source;
    private final JarStamp stamp;
    private final Path copy;
    private final PluginConfig config;
    private final Lease lease;
    private final AtomicBoolean closing = new AtomicBoolean();
    private final CountDownLatch closed = new CountDownLatch(1);
    /** Held while the plugin's {@code register} runs again, so two redeclarations never overlap. */
    private final ReentrantLock redeclaring = new ReentrantLock();
    private volatile URLClassLoader loader;
    /** The manifest's description once read ("" for none). */
    private volatile String description;
    private volatile List<Plugin> instances = List.of();
    private volatile Contribution contribution;
    /** Why the plugin is runaway (code of it runs on though asked to stop); null while it is not. */
    private volatile String runaway;

    JarPlugin(String name, Path source, JarStamp stamp, Path copy, PluginConfig config, URLClassLoader loader) {
        this.name = name;
        this.lease = new Lease(name);
        this.source = source;
        this.stamp = stamp;
        this.copy = copy;
        this.config = config;
        this.loader = loader;
    }

    /** Completes loading: the instances created from the JAR and what they declared. */
    void activate(List<Plugin> instances, Contribution contribution) {
        this.instances = List.copyOf(instances);
        this.contribution = contribution;
    }

    /**
     * Replaces what the plugin declares after a {@link dev.jmcp.plugin.PluginChanges#redeclare()}; the host calls it
     * under its lock, together with publishing the snapshot built from it.
     */
    void redeclared(Contribution contribution) {
        this.contribution = contribution;
    }

    /** The plugin instances created from the JAR; empty once closed. */
    List<Plugin> instances() {
        return instances;
    }

    /** The plugin's class loader; null once closed. */
    URLClassLoader classLoader() {
        return loader;
    }

    /** The lock that keeps redeclarations of this plugin one at a time. */
    ReentrantLock redeclaring() {
        return redeclaring;
    }

    @Override
    public String name() {
        return name;
    }

    /** The description in the JAR's manifest ({@code Jmcp-Plugin-Description}, or the usual attributes), or null. */
    @Override
    public String description() {
        // Read once, from the private copy that stays as loaded while the folder's file may change.
        String read = description;
        if (read == null) {
            read = PluginManifest.declaredDescription(copy != null ? copy : source);
            description = read = read == null ? "" : read;
        }
        return read.isEmpty() ? null : read;
    }

    /**
     * The plugin's configuration (environment, then {@code <name>.properties}), for the contexts of its calls.
     * Overrides {@code Owner.config()} where the registry's {@code Owner} declares it.
     */
    public PluginConfig config() {
        return config;
    }

    /** The JAR in the plugins folder this plugin was loaded from. */
    Path source() {
        return source;
    }

    /** The JAR's size and time (and its properties file's) when it was loaded. */
    JarStamp stamp() {
        return stamp;
    }

    /** The private copy the class loader reads; deleted once the plugin is closed. */
    Path copy() {
        return copy;
    }

    /** What the plugin declared; null once closed. */
    Contribution contribution() {
        return contribution;
    }

    /** Counted down once the plugin is fully closed. */
    CountDownLatch closedSignal() {
        return closed;
    }

    /**
     * Code of this plugin keeps running though asked to stop ({@code what}): a JVM cannot stop a thread, so the plugin
     * is marked runaway: one ERROR line says so and advises {@code isolation=process}, and from now on its handlers
     * refuse new calls with that reason (a call that would run the same code would only add one more stuck thread).
     * It lasts until the plugin is replaced (a new file is a new plugin) or the server restarts. Idempotent.
     */
    @Override
    public void ranAway(String what) {
        synchronized (this) {
            if (runaway != null) return;
            runaway = what;
        }
        LOG.error("Plugin {} is runaway: {}; its thread keeps running (a JVM cannot stop it) and keeps its class "
                + "loader in memory. New calls to it are refused until its file is replaced or the server restarts. "
                + "Run it in a process of its own, which can be ended: {\"isolation\": \"process\"} in {}", name,
                what, PluginFiles.settingsBeside(source));
    }

    /** Why the plugin is runaway; null while it is not. */
    String runaway() {
        return runaway;
    }

    /** Throws, saying why, when the plugin is runaway: called before each call runs plugin code. */
    void refuseIfRunaway() throws dev.jmcp.plugin.ToolException {
        String why = runaway;
        if (why != null) {
            throw new dev.jmcp.plugin.ToolException("plugin " + name + " is runaway and refuses new calls: " + why
                    + "; restart the server or replace the plugin, and run it with isolation=process (in "
                    + PluginFiles.settingsBeside(source).getFileName() + ") so a stuck call can be ended");
        }
    }

    @Override
    public boolean enter() {
        return lease.enter();
    }

    @Override
    public void exit() {
        if (lease.exit()) closeInBackground();
    }

    /** No new call may enter; the plugin closes as soon as no call is inside it. Idempotent. */
    void retire() {
        if (lease.retire()) closeInBackground();
    }

    /** True when retired and no call is inside: the plugin is closing or closed. */
    boolean idle() {
        return lease.idle();
    }

    /** Waits up to {@code timeout} for the plugin to be closed; true if it is. */
    boolean awaitClosed(Duration timeout) throws InterruptedException {
        return closed.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    private void closeInBackground() {
        if (closing.compareAndSet(false, true)) {
            // Plugin.close() is plugin code and may be slow; neither the last caller nor the host waits for it.
            Thread.ofVirtual().name("jmcp-plugin-close-" + name).start(this::closeNow);
        }
    }

    private void closeNow() {
        URLClassLoader classLoader = loader;
        try {
            closeInstances(classLoader);
            if (classLoader != null) stopThreads(classLoader);
        } finally {
            instances = List.of();
            contribution = null;
            loader = null;
            try {
                if (classLoader != null) classLoader.close();
            } catch (IOException e) {
                LOG.warn("Plugin {}: cannot close its class loader: {}", name, e.toString());
            }
            try {
                Files.deleteIfExists(copy);
            } catch (IOException e) {
                LOG.warn("Plugin {}: cannot delete its private copy {}: {}", name, copy, e.toString());
            }
            LOG.debug("Plugin {} closed", name);
            closed.countDown();
        }
    }

    /**
     * Runs {@link Plugin#close()} of each instance on a platform thread of its own, waiting at most
     * {@link #CLOSE_TIMEOUT}: a {@code close()} that never returns is logged and left behind, and the rest of the
     * closing goes on.
     */
    private void closeInstances(ClassLoader classLoader) {
        List<Plugin> closing = instances;
        if (closing.isEmpty()) return;
        Thread thread = Thread.ofPlatform().daemon().name("jmcp-plugin-close-" + name).unstarted(() -> {
            for (Plugin instance : closing) {
                try {
                    instance.close();
                } catch (Exception | LinkageError e) {
                    LOG.warn("Plugin {} failed to close: {}", name, e.toString());
                }
            }
        });
        thread.setContextClassLoader(classLoader);
        thread.start();
        try {
            if (!thread.join(CLOSE_TIMEOUT)) {
                thread.interrupt();
                ranAway("its close() did not return within " + CLOSE_TIMEOUT.toSeconds() + " s");
                LOG.warn("Plugin {}: close() did not return within {} s; closing goes on without it (its thread {} "
                        + "keeps the plugin's class loader alive until it ends)", name, CLOSE_TIMEOUT.toSeconds(),
                        thread.getName());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Interrupts the platform threads the plugin started and still runs (found by their context class loader, which
     * a thread inherits from the plugin call that created it, or by a frame of plugin code on their stack), waits at
     * most {@link #THREAD_STOP_WAIT} for them to end, and names in the log each one that does not: it keeps the
     * plugin's class loader, and so every class of the plugin, in memory.
     */
    private void stopThreads(ClassLoader classLoader) {
        List<Thread> started = PluginThreads.of(classLoader);
        if (started.isEmpty()) return;
        started.forEach(Thread::interrupt);
        long deadline = System.nanoTime() + THREAD_STOP_WAIT.toNanos();
        try {
            for (Thread thread : started) {
                long left = deadline - System.nanoTime();
                if (left > 0) thread.join(Duration.ofNanos(left));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<Thread> running = started.stream().filter(Thread::isAlive).toList();
        if (started.size() > running.size()) {
            LOG.info("Plugin {}: stopped {} thread(s) it had started", name, started.size() - running.size());
        }
        if (!running.isEmpty()) {
            ranAway(running.size() + " thread(s) it started ignore interruption after it was removed, such as '"
                    + running.getFirst().getName() + "'");
        }
        for (Thread thread : running) {
            LOG.warn("Plugin {}: its thread '{}' ignores interruption and keeps running, holding the plugin's class "
                    + "loader and all its classes in memory; at {}", name, thread.getName(),
                    PluginThreads.where(thread, classLoader));
        }
    }

    @Override
    public String toString() {
        return "plugin " + name + " (" + source + ")";
    }
}
