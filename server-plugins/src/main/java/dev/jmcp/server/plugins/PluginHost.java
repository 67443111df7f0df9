package dev.jmcp.server.plugins;

import dev.jmcp.server.folder.PluginFolder;
import dev.jmcp.server.mount.ManifestCache;
import dev.jmcp.server.mount.Mount;
import dev.jmcp.server.registry.Contribution;
import dev.jmcp.server.registry.Registry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Owns the plugins folder: loads every plugin file in it (recursively; JARs, {@code .mcp.json} mounts, native
 * libraries: see {@link PluginFiles} and {@link PluginKinds}), watches it, and publishes a new {@link Registry}
 * snapshot to {@code onChange} after each settled change. Thread-safe; {@link #close} stops watching and closes every
 * plugin.
 *
 * <p>{@link #start} loads the folder's JARs side by side and publishes the first snapshot (also when it is empty) once
 * they are loaded, or after {@link #START_WAIT} with those that are (a slow one is served when ready), then a daemon
 * thread watches the folder. A new or changed JAR is loaded once its writes settle; a removed JAR's plugin is
 * dropped; JARs settling together make one snapshot. A plugin replaced or removed is retired: it closes once the last
 * call inside it (see {@link dev.jmcp.server.registry.Owner}) has finished.
 *
 * <p>Failure: a JAR that cannot be loaded, or that declares a name (or has a plugin name) another loaded plugin already
 * owns, is logged with its file and the reason and left out; everything else goes on serving. Between two plugins
 * declaring the same name, the one already serving keeps it, and at start the first by path. When a changed JAR fails,
 * its previous version keeps serving. A JAR refused for a conflict is not retried when the other plugin goes away;
 * touching it retries. A plugin whose process was not ready in time (a native library's child past its
 * {@code startTimeout}, a mount's server that did not answer) is tried again with back-off while its file is unchanged,
 * and served with {@code list_changed} once ready. A missing folder is logged and served as empty until it appears.
 *
 * <p>A serving plugin may also change its own declarations ({@link dev.jmcp.plugin.PluginChanges#redeclare()}): its
 * {@code register} runs again on the same instances and class loader, and the result is checked and published like a
 * reload, but the plugin is neither retired nor closed.
 */
public final class PluginHost implements PluginFolder {
    /** Loaded plugins are at most this many; more JARs are refused. */
    static final int MAX_PLUGINS = 1000;
    /** How long a change waits for its JARs to load before serving those that did; the others join when ready. */
    static final Duration LOAD_WAIT = Duration.ofSeconds(3);
    /**
     * As {@link #LOAD_WAIT}, for {@link #start}: longer, since a client that ignores {@code list_changed} sees only
     * what the first snapshot holds, yet well under {@link JarPluginLoader#INIT_TIMEOUT} and the register timeout.
     */
    static final Duration START_WAIT = Duration.ofSeconds(5);
    /** The first wait before a plugin that was not ready in time is tried again; it doubles up to {@link #RETRY_MAX}. */
    static final Duration RETRY_FIRST = Duration.ofMillis(500);
    static final Duration RETRY_MAX = Duration.ofSeconds(30);
    /** How long {@link #close} waits for idle plugins to finish closing. */
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(2);
    private static final Logger LOG = LoggerFactory.getLogger(PluginHost.class);
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

    private final Path directory;
    private final Duration settle;
    private final Consumer<Registry> onChange;
    private final Function<String, String> environment;
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Object lock = new Object();
    private volatile Registry registry = Registry.EMPTY;
    /** The serving plugins by file; replaced whole, under {@link #lock}. */
    private NavigableMap<Path, ServedPlugin> loaded = new TreeMap<>();
    /** Plugin files refused, with their stamp then: not tried again until they change. */
    private final Map<Path, PluginStamp> refused = new ConcurrentHashMap<>();
    /** Why each refused plugin file was refused, for operators (the console). */
    private final Map<Path, String> failures = new ConcurrentHashMap<>();
    /** Plugin files still loading after {@link #LOAD_WAIT}, with the stamp being loaded. */
    private final Map<Path, PluginStamp> loading = new ConcurrentHashMap<>();
    private volatile Consumer<String> resourceUpdates = uri -> { };
    private volatile Path mountCache = ManifestCache.defaultFolder();
    private volatile Duration retryFirst = RETRY_FIRST;
    private volatile Duration retryMax = RETRY_MAX;
    private PluginKinds kinds;
    private Path copies;
    private JarPluginLoader loader;
    private FolderWatcher watcher;

    public PluginHost(Path directory, Duration settle, Consumer<Registry> onChange) {
        this(directory, settle, onChange, System::getenv);
    }

    /**
     * @param environment looks up the environment variables plugins are configured with ({@code System::getenv} in
     *                    production; a map's {@code get} in tests)
     */
    public PluginHost(Path directory, Duration settle, Consumer<Registry> onChange,
                      Function<String, String> environment) {
        this.directory = directory.toAbsolutePath().normalize();
        this.settle = settle == null || settle.isNegative() ? Duration.ZERO : settle;
        this.onChange = onChange;
        this.environment = environment;
    }

    /**
     * A new folder for the plugins' private copies in the temporary folder, readable by this user only. Named by process
     * id and clock rather than by {@code Files.createTempDirectory}, whose first use starts the JDK's secure random
     * generator and its security providers: about 10 ms of every start, for a name that needs to be unused, not
     * secret. {@code createDirectory} fails on any existing entry, a symbolic link included, so a name someone took
     * first is skipped, never entered.
     */
    private static Path privateFolder() throws IOException {
        Path temporary = Path.of(System.getProperty("java.io.tmpdir"));
        boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
        String prefix = "jmcp-plugins-" + ProcessHandle.current().pid() + "-";
        for (int attempt = 1; ; attempt++) {
            Path folder = temporary.resolve(prefix + Long.toString(System.nanoTime() & Long.MAX_VALUE, 36));
            try {
                return posix
                        ? Files.createDirectory(folder, PosixFilePermissions.asFileAttribute(OWNER_ONLY))
                        : Files.createDirectory(folder);
            } catch (FileAlreadyExistsException taken) {
                if (attempt == 100) throw taken;
            }
        }
    }

    /** Loads the folder's plugins (returning once they are loaded), then watches it. Called once. */
    public void start() {
        if (closed.get()) throw new IllegalStateException("the plugin host is closed");
        if (!started.compareAndSet(false, true)) throw new IllegalStateException("the plugin host is already started");
        try {
            copies = privateFolder();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a folder for the plugins' private copies", e);
        }
        loader = new JarPluginLoader(copies, new ApiClassLoader(PluginHost.class.getClassLoader()), environment,
                this::redeclare);
        kinds = new PluginKinds(loader, copies, new PluginKinds.MountEvents() {
            @Override
            public void declarationsChanged(Path source, Mount mount) {
                mountRedeclared(source, mount);
            }

            @Override
            public void resourceUpdated(String uri) {
                resourceUpdates.accept(uri);
            }
        }, new ManifestCache(mountCache));
        if (!Files.isDirectory(directory)) {
            LOG.warn("Plugins folder {} does not exist; serving no plugins until it appears", directory);
        }
        try {
            // Watch before looking, so a JAR written meanwhile is seen by one or the other.
            watcher = new FolderWatcher(directory, settle, this::apply);
        } catch (IOException e) {
            LOG.error("Cannot watch plugins folder {} ({}); plugins load now but changes will not be seen",
                    directory, e.toString());
        }
        apply(FolderWatcher.findPlugins(directory), true);
        if (watcher != null) watcher.start();
    }

    /**
     * Where a mounted server's {@code notifications/resources/updated} go (the engine's subscribers); set before
     * {@link #start}.
     */
    public void onResourceUpdated(Consumer<String> sink) {
        this.resourceUpdates = sink;
    }

    /**
     * The folder where lazy mounts keep their servers' manifests (default {@link ManifestCache#defaultFolder()});
     * set before {@link #start}.
     */
    public void mountCache(Path folder) {
        this.mountCache = folder;
    }

    /**
     * The back-off of plugins not ready in time: the first wait and the longest (default {@link #RETRY_FIRST},
     * {@link #RETRY_MAX}); for tests, which cannot wait for the real bound (the HTTP module's too, hence public). Set
     * before {@link #start}.
     */
    public void retryBackoff(Duration first, Duration max) {
        if (first.isNegative() || first.isZero() || max.compareTo(first) < 0) {
            throw new IllegalArgumentException("a back-off needs 0 < first <= max, was " + first + ", " + max);
        }
        this.retryFirst = first;
        this.retryMax = max;
    }

    /** The wait after {@code wait}: twice as long, at most {@code max}. */
    static Duration nextWait(Duration wait, Duration max) {
        Duration doubled = wait.multipliedBy(2);
        return doubled.compareTo(max) > 0 ? max : doubled;
    }

    /** The plugin files loaded now, with the name each plugin is served under. */
    public Map<Path, String> loadedPlugins() {
        NavigableMap<Path, ServedPlugin> now;
        synchronized (lock) {
            now = loaded;
        }
        var names = new java.util.TreeMap<Path, String>();
        now.forEach((file, plugin) -> names.put(file, plugin.name()));
        return names;
    }

    /**
     * The name of the JAR plugin served now whose class loader is {@code loader}, or null: how a line logged on a
     * thread a plugin started is told to be the plugin's (the thread inherits the plugin's loader as its context class
     * loader, see {@link PluginCalls}).
     */
    public String pluginOf(ClassLoader loader) {
        if (!(loader instanceof PluginClassLoader)) return null;
        NavigableMap<Path, ServedPlugin> now;
        synchronized (lock) {
            now = loaded;
        }
        for (ServedPlugin plugin : now.values()) {
            if (plugin instanceof ServedJar served && served.jar().classLoader() == loader) return served.name();
        }
        return null;
    }

    /** The plugin files served now whose plugin is runaway (see {@link JarPlugin#ranAway}), with why. */
    public Map<Path, String> runawayPlugins() {
        NavigableMap<Path, ServedPlugin> now;
        synchronized (lock) {
            now = loaded;
        }
        var runaway = new java.util.TreeMap<Path, String>();
        now.forEach((file, plugin) -> {
            if (plugin instanceof ServedJar served && served.jar().runaway() != null) {
                runaway.put(file, served.jar().runaway());
            }
        });
        return runaway;
    }

    /** The plugin files that were refused (and are not tried again until they change), with why. */
    public Map<Path, String> failedPlugins() {
        return new java.util.TreeMap<>(failures);
    }

    /**
     * Loads the plugin of {@code file} again though the file has not changed, as an operator asks (the console): a
     * plugin that keeps state starts afresh, and one refused (or not ready) is tried again. Like a change of the
     * file: served in a new snapshot with {@code list_changed}, calls running finish on the previous version, and
     * when the load fails the previous version keeps serving. Returns the name the plugin is served under.
     *
     * @throws IllegalArgumentException when {@code file} is no plugin file of the folder this host serves
     * @throws IllegalStateException    when it cannot be loaded, with why (also in {@link #failedPlugins})
     */
    public String reload(Path file) {
        if (!started.get() || closed.get()) throw new IllegalStateException("the plugin host is not serving");
        Path plugin = file.toAbsolutePath().normalize();
        PluginStamp stamp = PluginStamp.read(plugin);
        if (!directory.equals(plugin.getParent()) || stamp == null) {
            throw new IllegalArgumentException("no plugin file " + file.getFileName() + " in " + directory);
        }
        boolean served;
        synchronized (lock) {
            served = loaded.containsKey(plugin);
        }
        LOG.info("Plugin file {} reloaded on request", plugin);
        ServedPlugin loadedNow;
        try {
            loadedNow = kinds.load(plugin, stamp);
        } catch (PluginLoadException e) {
            if (e.notReady()) {
                retryLater(plugin, stamp, served, e.getMessage());
                throw new IllegalStateException(e.getMessage() + " (tried again in the background)", e);
            }
            refused.put(plugin, stamp);
            refused(plugin, served, e.getMessage());
            throw new IllegalStateException(e.getMessage(), e);
        } catch (RuntimeException e) {
            refused.put(plugin, stamp);
            refused(plugin, served, e.toString());
            LOG.debug("Plugin {} failed to load", plugin, e);
            throw new IllegalStateException(e.toString(), e);
        }
        refused.remove(plugin);
        failures.remove(plugin);
        merge(List.of(), List.of(loadedNow), false);
        synchronized (lock) {
            if (loaded.get(plugin) != loadedNow) {
                String why = failures.get(plugin);
                throw new IllegalStateException(why == null ? "its file changed meanwhile" : why);
            }
        }
        return loadedNow.name();
    }

    /** The current snapshot; {@link Registry#EMPTY} before {@link #start} and after {@link #close}. */
    public Registry registry() {
        return registry;
    }

    private void apply(Set<Path> jars) {
        apply(jars, false);
    }

    /**
     * Loads, reloads or drops the plugins of {@code jars} and publishes the new snapshot if anything changed (always
     * when {@code initial}). Runs on one thread at a time: the caller of {@link #start}, then the watcher. The JARs
     * load side by side; those not loaded within {@link #LOAD_WAIT} ({@link #START_WAIT} at start) do not hold up the
     * others (nor {@link #start}, nor the next change): they are served when they are ready (see
     * {@link #lateArrival}).
     */
    private void apply(Collection<Path> jars, boolean initial) {
        NavigableMap<Path, ServedPlugin> current;
        synchronized (lock) {
            current = loaded;
        }
        var removed = new ArrayList<Path>();
        var loads = new LinkedHashMap<Path, Load>();
        for (Path jar : new TreeSet<>(jars)) {
            PluginStamp stamp = PluginStamp.read(jar);
            ServedPlugin previous = current.get(jar);
            if (stamp == null) {
                refused.remove(jar);
                failures.remove(jar);
                if (previous != null) removed.add(jar);
            } else if (stamp.equals(refused.get(jar)) || stamp.equals(loading.get(jar))) {
                // Refused, or still loading, as it is now (the watcher may report a JAR that start() already tried):
                // its plugin code runs once.
                LOG.debug("Plugin {} unchanged since it was refused or started loading; not loaded again", jar);
            } else if (previous == null || !previous.stamp().equals(stamp)) {
                loads.put(jar, new Load(jar, stamp, previous != null));
            }
        }
        var newcomers = new ArrayList<ServedPlugin>();
        Duration wait = initial ? START_WAIT : LOAD_WAIT;
        long deadline = System.nanoTime() + wait.toNanos();
        for (Load load : loads.values()) {
            ServedPlugin plugin = load.await(deadline);
            if (plugin != null) {
                newcomers.add(plugin);
            } else if (!load.done()) {
                loading.put(load.jar, load.stamp);
                LOG.warn("Plugin {} is still loading after {} s; the others are served now, it joins when ready",
                        load.jar, wait.toSeconds());
                Thread.ofVirtual().name("jmcp-plugin-late-" + load.jar.getFileName()).start(() -> lateArrival(load));
            }
        }
        if (!initial && removed.isEmpty() && newcomers.isEmpty()) return;
        merge(removed, newcomers, initial);
    }

    /** Serves a plugin that loaded after its batch was served, unless its JAR has changed or gone meanwhile. */
    private void lateArrival(Load load) {
        try {
            ServedPlugin plugin = load.await(Long.MAX_VALUE);
            if (plugin == null) return;
            if (!load.stamp.equals(PluginStamp.read(load.jar))) {
                LOG.info("Plugin {} loaded late, but its JAR has changed or gone meanwhile; dropped", load.jar);
                plugin.retire();
                return;
            }
            merge(List.of(), List.of(plugin), false);
        } finally {
            loading.remove(load.jar, load.stamp);
        }
    }

    /**
     * A plugin whose process was not ready in time (a native library's, a mount's: a slow start, a loaded machine) is
     * tried again after {@link #RETRY_FIRST}, doubling to {@link #RETRY_MAX}, for as long as its file is unchanged,
     * and served (with {@code list_changed}) once it is ready; a change of its file starts over with a normal load.
     * Meanwhile {@link #failedPlugins} says why and when it is tried next.
     */
    private void retryLater(Path file, PluginStamp stamp, boolean hadPrevious, String reason) {
        loading.put(file, stamp);
        Duration first = retryFirst;
        Duration max = retryMax;
        String waiting = reason + " (trying again in " + first.toMillis() + " ms)";
        failures.put(file, waiting);
        Thread.ofVirtual().name("jmcp-plugin-retry-" + file.getFileName()).start(() -> {
            Duration wait = first;
            String last = reason;
            String said = waiting;
            try {
                while (!closed.get()) {
                    LOG.warn("Plugin {} not ready: {}; trying again in {} ms", file, last, wait.toMillis());
                    Thread.sleep(wait);
                    if (closed.get() || !stamp.equals(PluginStamp.read(file))) return;
                    ServedPlugin plugin;
                    try {
                        plugin = kinds.load(file, stamp);
                    } catch (PluginLoadException e) {
                        if (!e.notReady()) {
                            refused.put(file, stamp);
                            refused(file, hadPrevious, e.getMessage());
                            said = null;
                            return;
                        }
                        last = e.getMessage();
                        wait = nextWait(wait, max);
                        String next = last + " (trying again in " + wait.toMillis() + " ms)";
                        if (!failures.replace(file, said, next)) return;
                        said = next;
                        continue;
                    }
                    failures.remove(file, said);
                    said = null;
                    if (!stamp.equals(PluginStamp.read(file))) {
                        plugin.retire();
                        return;
                    }
                    LOG.info("Plugin {} is ready after a slow start", file);
                    merge(List.of(), List.of(plugin), false);
                    return;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                // Its file changed or went away meanwhile: what this thread said no longer describes it.
                if (said != null) failures.remove(file, said);
                loading.remove(file, stamp);
            }
        });
    }

    /** Drops the plugins of {@code removed}, adds {@code newcomers} (checking names) and publishes the snapshot. */
    private void merge(List<Path> removed, List<ServedPlugin> newcomers, boolean initial) {
        var retired = new ArrayList<ServedPlugin>();
        synchronized (lock) {
            if (closed.get()) {
                newcomers.forEach(ServedPlugin::retire);
                return;
            }
            NavigableMap<Path, ServedPlugin> next = new TreeMap<>(loaded);
            for (Path jar : removed) {
                ServedPlugin gone = next.remove(jar);
                if (gone == null) continue;
                retired.add(gone);
                LOG.info("Plugin {} removed, its file {} is gone", gone.name(), jar);
            }
            Registry snapshot = Registry.of(contributions(next));
            for (ServedPlugin newcomer : newcomers) {
                var candidate = new TreeMap<>(next);
                ServedPlugin previous = candidate.put(newcomer.source(), newcomer);
                try {
                    checkName(candidate, newcomer);
                    snapshot = Registry.of(contributions(candidate));
                } catch (IllegalArgumentException e) {
                    refused.put(newcomer.source(), newcomer.stamp());
                    refused(newcomer.source(), previous != null, e.getMessage());
                    newcomer.retire();
                    continue;
                }
                next = candidate;
                if (previous != null) retired.add(previous);
                LOG.info("Plugin {} {} from {}", newcomer.name(), previous == null ? "loaded" : "reloaded",
                        newcomer.source());
            }
            loaded = next;
            registry = snapshot;
            if (initial || !removed.isEmpty() || next.values().stream().anyMatch(newcomers::contains)) {
                publish(snapshot);
            }
        }
        // After the swap: a caller holding the old snapshot fails to enter a retired plugin and looks again.
        retired.forEach(ServedPlugin::retire);
    }

    /**
     * A mount's server declares something new (listed again after {@code list_changed}, withdrawn while it restarts,
     * back): served and published if it clashes with no other plugin; otherwise logged, and the previous declarations
     * keep serving.
     */
    private void mountRedeclared(Path source, Mount mount) {
        synchronized (lock) {
            if (closed.get() || !(loaded.get(source) instanceof ServedMount served) || served.mount() != mount) return;
            Contribution next = mount.contribution();
            Registry snapshot;
            try {
                snapshot = Registry.of(loaded.values().stream()
                        .map(p -> p == served ? next : p.contribution()).toList());
            } catch (IllegalArgumentException e) {
                LOG.warn("Plugin {}: its server's new declarations are refused, the previous ones keep serving: {}",
                        mount.name(), e.getMessage());
                return;
            }
            served.accept(next);
            registry = snapshot;
            publish(snapshot);
        }
    }

    /** One JAR loading on a virtual thread of its own (the plugin's code runs on platform threads inside it). */
    private final class Load {
        private final Path jar;
        private final PluginStamp stamp;
        private final boolean hadPrevious;
        private final FutureTask<ServedPlugin> task;

        Load(Path jar, PluginStamp stamp, boolean hadPrevious) {
            this.jar = jar;
            this.stamp = stamp;
            this.hadPrevious = hadPrevious;
            this.task = new FutureTask<>(() -> kinds.load(jar, stamp));
            Thread.ofVirtual().name("jmcp-plugin-load-" + jar.getFileName()).start(task);
        }

        boolean done() {
            return task.isDone();
        }

        /**
         * The loaded plugin, or null: when it failed (logged, and remembered as refused) or is not loaded by
         * {@code deadline} ({@link System#nanoTime()}; {@code Long.MAX_VALUE} waits for good).
         */
        ServedPlugin await(long deadline) {
            try {
                ServedPlugin plugin = deadline == Long.MAX_VALUE ? task.get()
                        : task.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                refused.remove(jar);
                failures.remove(jar);
                return plugin;
            } catch (TimeoutException e) {
                return null;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            } catch (ExecutionException e) {
                if (e.getCause() instanceof PluginLoadException p && p.notReady()) {
                    retryLater(jar, stamp, hadPrevious, p.getMessage());
                    return null;
                }
                String reason = e.getCause() instanceof PluginLoadException p ? p.getMessage() : e.getCause().toString();
                refused.put(jar, stamp);
                refused(jar, hadPrevious, reason);
                LOG.debug("Plugin {} failed to load", jar, e.getCause());
                return null;
            }
        }
    }

    /**
     * Runs {@code plugin}'s {@code register} again and serves what it declares now, publishing the new snapshot;
     * what a plugin's {@link JarPluginChanges#redeclare()} calls. Holds a lease on the plugin meanwhile, so a retire
     * cannot close it halfway, and runs the plugin's code outside {@link #lock}, so it may be called from inside one of
     * the plugin's calls. One redeclaration per plugin at a time.
     *
     * @throws IllegalStateException when the plugin is not (or no longer) serving, when called from its own
     *                               {@code register}, or when its new declarations are refused (a problem in them, a
     *                               name another plugin owns); the previous declarations then keep serving
     */
    private void redeclare(JarPlugin plugin) {
        if (JarPluginLoader.registering(plugin)) {
            throw new IllegalStateException("Plugin " + plugin.name() + " cannot redeclare from inside register()");
        }
        if (!plugin.enter()) {
            throw new IllegalStateException("Plugin " + plugin.name() + " is retired; it can no longer redeclare");
        }
        try {
            plugin.redeclaring().lockInterruptibly();
            try {
                requireServing(plugin);
                Contribution next;
                try {
                    next = loader.redeclare(plugin);
                } catch (PluginLoadException e) {
                    LOG.warn("Plugin {} not redeclared, its previous declarations keep serving: {}", plugin.name(),
                            e.getMessage());
                    throw new IllegalStateException("Plugin " + plugin.name() + " not redeclared: " + e.getMessage(), e);
                }
                synchronized (lock) {
                    requireServing(plugin);
                    Registry snapshot;
                    try {
                        snapshot = Registry.of(loaded.values().stream()
                                .map(p -> p instanceof ServedJar s && s.jar() == plugin ? next : p.contribution())
                                .toList());
                    } catch (IllegalArgumentException e) {
                        LOG.warn("Plugin {} not redeclared, its previous declarations keep serving: {}", plugin.name(),
                                e.getMessage());
                        throw new IllegalStateException("Plugin " + plugin.name() + " not redeclared: "
                                + e.getMessage(), e);
                    }
                    plugin.redeclared(next);
                    registry = snapshot;
                    LOG.info("Plugin {} redeclared", plugin.name());
                    publish(snapshot);
                }
            } finally {
                plugin.redeclaring().unlock();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Plugin " + plugin.name() + " not redeclared: interrupted", e);
        } finally {
            plugin.exit();
        }
    }

    /** Fails unless {@code plugin} is the version serving from its JAR. Called under {@link #lock} or just before. */
    private void requireServing(JarPlugin plugin) {
        synchronized (lock) {
            if (closed.get() || !(loaded.get(plugin.source()) instanceof ServedJar served && served.jar() == plugin)) {
                throw new IllegalStateException("Plugin " + plugin.name() + " is not serving; it cannot redeclare");
            }
        }
    }

    private void deleteCopies(Collection<ServedPlugin> plugins) {
        for (ServedPlugin plugin : plugins) {
            if (!plugin.idle()) {
                LOG.warn("Plugin {} still has calls running as the server closes; its private copy is deleted anyway",
                        plugin.name());
            }
        }
        try (var left = Files.list(copies)) {
            for (Path copy : left.toList()) {
                try {
                    Files.deleteIfExists(copy);
                } catch (IOException e) {
                    copy.toFile().deleteOnExit();
                }
            }
        } catch (IOException e) {
            LOG.debug("Cannot list the plugins' private copies in {}: {}", copies, e.toString());
        }
        try {
            Files.deleteIfExists(copies);
        } catch (IOException e) {
            copies.toFile().deleteOnExit();
        }
    }

    private static void checkName(Map<Path, ServedPlugin> plugins, ServedPlugin newcomer) {
        if (plugins.size() > MAX_PLUGINS) {
            throw new IllegalArgumentException("more than " + MAX_PLUGINS + " plugins");
        }
        for (ServedPlugin other : plugins.values()) {
            if (other != newcomer && other.name().equals(newcomer.name())) {
                throw new IllegalArgumentException("a plugin named " + newcomer.name() + " is already loaded from "
                        + other.source());
            }
        }
    }

    private static List<Contribution> contributions(Map<Path, ServedPlugin> plugins) {
        return plugins.values().stream().map(ServedPlugin::contribution).toList();
    }

    private void refused(Path jar, boolean hadPrevious, String reason) {
        failures.put(jar, reason == null ? "refused" : reason);
        if (hadPrevious) {
            LOG.warn("Plugin {} not reloaded, its previous version keeps serving: {}", jar, reason);
        } else {
            LOG.warn("Plugin {} not loaded: {}", jar, reason);
        }
    }

    private void publish(Registry snapshot) {
        try {
            onChange.accept(snapshot);
        } catch (RuntimeException e) {
            LOG.error("The registry listener failed on a new plugin snapshot", e);
        }
    }

    /**
     * Stops watching and retires every plugin; waits up to two seconds for the idle ones to finish closing (a plugin
     * with calls still inside closes when they end), then deletes the folder of private copies with whatever is
     * still in it: the host closes when the process ends, and a plugin still running a call keeps reading its copy
     * through the open file (POSIX), or the copy goes when the process exits (Windows). Idempotent.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) return;
        if (watcher != null) watcher.close();
        Collection<ServedPlugin> plugins;
        synchronized (lock) {
            plugins = loaded.values();
            loaded = new TreeMap<>();
            registry = Registry.EMPTY;
        }
        plugins.forEach(ServedPlugin::retire);
        long deadline = System.nanoTime() + CLOSE_WAIT.toNanos();
        try {
            for (ServedPlugin plugin : plugins) {
                long left = deadline - System.nanoTime();
                if (plugin.idle() && (left <= 0 || !plugin.awaitClosed(Duration.ofNanos(left)))) {
                    LOG.warn("Plugin {} is still closing", plugin.name());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (copies != null) deleteCopies(plugins);
    }
}
