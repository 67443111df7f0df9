package dev.jmcp.server.plugins;

import dev.jmcp.plugin.Plugin;
import dev.jmcp.server.registry.Contribution;

import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Loads one plugin JAR, step by step: read its configuration, copy the JAR to a private file, check it is a JAR
 * that names a {@link Plugin} in {@code META-INF/services}, give it a {@link PluginClassLoader} (which takes the
 * exits out of its classes) whose parent is the {@link ApiClassLoader}, initialise all its classes on a platform
 * thread within {@link #INIT_TIMEOUT}, create its plugins with {@link ServiceLoader}, let them {@code register} on a
 * platform thread, and check what they declared. Any failure becomes a {@link PluginLoadException} with a reason, after everything half-loaded has
 * been closed and the copy deleted. Conflicts with other plugins are not its concern: the host checks those.
 * Thread-safe; used by the host's one loading thread at a time.
 */
final class JarPluginLoader {
    static final String SERVICE_FILE = "META-INF/services/" + Plugin.class.getName();
    /** A JAR larger than this is refused rather than copied. */
    static final long MAX_JAR_BYTES = 256L << 20;
    /** How long creating the plugins and their {@code register} may take together. */
    static final Duration REGISTER_TIMEOUT = Duration.ofSeconds(30);
    /** How long loading and initialising all of a JAR's classes may take. */
    static final Duration INIT_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration CLOSE_FAILED_WAIT = Duration.ofSeconds(5);
    /** Bound to the plugin on the thread running its {@code register}, so a redeclaration from there is refused. */
    private static final ScopedValue<JarPlugin> REGISTERING = ScopedValue.newInstance();

    private final Path copies;
    private final ClassLoader parent;
    private final Function<String, String> environment;
    private final Consumer<JarPlugin> redeclarer;
    private final AtomicLong sequence = new AtomicLong();
    private final Duration initTimeout;

    /** A loader whose plugins are served by no host: their {@code redeclare()} is refused. */
    JarPluginLoader(Path copies, ClassLoader parent, Function<String, String> environment) {
        this(copies, parent, environment, JarPluginChanges.UNSERVED);
    }

    /**
     * @param copies      the folder for private copies, owned by the host
     * @param parent      the parent of every plugin class loader
     * @param environment looks up environment variables for {@link JarPluginConfig}
     * @param redeclarer  what a loaded plugin's {@link dev.jmcp.plugin.PluginChanges#redeclare()} calls (the host)
     */
    JarPluginLoader(Path copies, ClassLoader parent, Function<String, String> environment,
                    Consumer<JarPlugin> redeclarer) {
        this(copies, parent, environment, redeclarer, INIT_TIMEOUT);
    }

    /** As above, with {@code initTimeout} instead of {@link #INIT_TIMEOUT} (for tests). */
    JarPluginLoader(Path copies, ClassLoader parent, Function<String, String> environment,
                    Consumer<JarPlugin> redeclarer, Duration initTimeout) {
        this.initTimeout = initTimeout;
        this.copies = copies;
        this.parent = parent;
        this.environment = environment;
        this.redeclarer = redeclarer;
    }

    /** True on the thread running {@code plugin}'s {@code register}. */
    static boolean registering(JarPlugin plugin) {
        return REGISTERING.isBound() && REGISTERING.get() == plugin;
    }

    /**
     * The plugin's name, from its code rather than its file: the {@code Jmcp-Plugin-Name} attribute of the JAR's
     * manifest, or else the file name without {@code .jar} and without a trailing Maven-style version
     * ({@code units-1.2.0.jar} and {@code units-1.3.0-SNAPSHOT.jar} are both {@code units}). So upgrading a plugin keeps
     * its name, its configuration keys and its properties file.
     */
    static String pluginName(Path jar) {
        String declared = PluginManifest.declaredName(jar);
        return declared != null ? declared : PluginManifest.nameFromFile(jar);
    }

    /** Loads {@code source}, whose file was {@code stamp} before loading started. */
    JarPlugin load(Path source, JarStamp stamp) throws PluginLoadException {
        String name = pluginName(source);
        JarPluginConfig config = JarPluginConfig.read(source, name, environment);
        Path copy = copyOf(source, name);
        PluginClassLoader classLoader;
        List<String> classes;
        try {
            classes = checkJar(copy);
            classLoader = new PluginClassLoader("plugin " + name + " (" + copy.getFileName() + ")", copy, parent);
        } catch (IOException | PluginLoadException e) {
            deleteQuietly(copy);
            throw e instanceof PluginLoadException p ? p : new PluginLoadException(e.toString(), e);
        }
        var plugin = new JarPlugin(name, source, stamp, copy, config, classLoader);
        var instances = new ArrayList<Plugin>();
        try {
            initialize(name, classLoader, classes, initTimeout);
            var registrar = new PluginRegistrar(plugin, config, new JarPluginChanges(plugin, redeclarer));
            register(plugin, classLoader, registrar, () -> {
                for (Plugin instance : create(classLoader)) {
                    synchronized (instances) {
                        instances.add(instance);
                    }
                    instance.register(registrar);
                }
            });
            Contribution contribution = registrar.finish();
            plugin.activate(instances, contribution);
            return plugin;
        } catch (Throwable failure) {
            synchronized (instances) {
                plugin.activate(instances, null);
            }
            plugin.retire();
            awaitQuietly(plugin);
            throw failure;
        }
    }

    /**
     * Runs {@code register} of {@code plugin}'s instances again, as loading did (own thread, the plugin's class loader,
     * bounded by {@link #REGISTER_TIMEOUT}), and returns what they declare now. The caller holds a lease on the
     * plugin, so it is not closed meanwhile. Fails, changing nothing, when the plugin's own declarations are unusable.
     */
    Contribution redeclare(JarPlugin plugin) throws PluginLoadException {
        URLClassLoader classLoader = plugin.classLoader();
        if (classLoader == null) throw new PluginLoadException("is closed");
        var registrar = new PluginRegistrar(plugin, plugin.config(), new JarPluginChanges(plugin, redeclarer));
        register(plugin, classLoader, registrar, () -> {
            for (Plugin instance : plugin.instances()) {
                instance.register(registrar);
            }
        });
        return registrar.finish();
    }

    private Path copyOf(Path source, String name) throws PluginLoadException {
        try {
            long size = Files.size(source);
            if (size > MAX_JAR_BYTES) {
                throw new PluginLoadException("is " + size + " bytes, more than the limit of " + MAX_JAR_BYTES);
            }
            Path copy = copies.resolve(sequence.incrementAndGet() + "-" + name + ".jar");
            Files.copy(source, copy);
            return copy;
        } catch (IOException e) {
            throw new PluginLoadException("cannot copy the JAR: " + e, e);
        }
    }

    /** Checks the JAR names a plugin; returns the binary names of its classes. */
    private static List<String> checkJar(Path copy) throws PluginLoadException {
        try (var jar = new JarFile(copy.toFile())) {
            if (jar.getEntry(SERVICE_FILE) == null) {
                throw new PluginLoadException("has no " + SERVICE_FILE + " entry naming its Plugin implementation");
            }
            return jar.stream().map(JarEntry::getName)
                    .filter(entry -> entry.endsWith(".class") && !entry.startsWith("META-INF/")
                            && !entry.endsWith("module-info.class") && !entry.endsWith("package-info.class"))
                    .map(entry -> entry.substring(0, entry.length() - ".class".length()).replace('/', '.'))
                    .toList();
        } catch (IOException e) {
            throw new PluginLoadException("is not a readable JAR (" + e.getMessage() + ")", e);
        }
    }

    /**
     * Loads and initialises every class of the JAR now, on a platform thread of its own, waiting at most
     * {@code timeout}. A class whose static initializer blocks would otherwise block, at its first use, every thread
     * that touches it, and a virtual thread waiting for a class to be initialised holds its carrier: two such calls
     * on a two-core machine would stop every other request. Initialised here, such a class costs one platform thread
     * (interrupted, then left) and the plugin is refused. A class that fails to initialise is left as it is: it would
     * fail the same way when used.
     */
    private static void initialize(String name, ClassLoader classLoader, List<String> classes, Duration timeout)
            throws PluginLoadException {
        var current = new AtomicReference<String>();
        Thread thread = Thread.ofPlatform().daemon().name("jmcp-plugin-init-" + name).unstarted(() -> {
            for (String className : classes) {
                current.set(className);
                try {
                    Class.forName(className, true, classLoader);
                } catch (ClassNotFoundException | LinkageError e) {
                    // Broken or optional classes fail where they are used, as they would without this step.
                }
            }
            current.set(null);
        });
        thread.start();
        try {
            if (!thread.join(timeout)) {
                thread.interrupt();
                throw new PluginLoadException("initialising class " + current.get() + " did not finish within "
                        + timeout.toSeconds() + " s (its static initializer blocks); a class that blocks while it "
                        + "initialises would stall every call that uses it");
            }
        } catch (InterruptedException e) {
            thread.interrupt();
            Thread.currentThread().interrupt();
            throw new PluginLoadException("loading was interrupted");
        }
    }

    /** The plugin code one registration runs: creating instances and calling their {@code register}. */
    private interface Registration {
        void run() throws Exception;
    }

    /**
     * Runs {@code registration} on a thread of its own with the plugin's class loader as context class loader,
     * bounded by {@link #REGISTER_TIMEOUT}; whatever it creates is the caller's to close if this fails.
     */
    private static void register(JarPlugin plugin, URLClassLoader classLoader, PluginRegistrar registrar,
                                 Registration registration) throws PluginLoadException {
        var task = new FutureTask<Void>(() -> ScopedValue.where(REGISTERING, plugin).call(() -> {
            registration.run();
            return null;
        }));
        // A platform thread: plugin code stuck here must not hold a carrier of the virtual threads serving requests.
        Thread thread = Thread.ofPlatform().daemon().name("jmcp-plugin-register-" + plugin.name()).unstarted(task);
        thread.setContextClassLoader(classLoader);
        thread.start();
        try {
            task.get(REGISTER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            thread.interrupt();
            throw new PluginLoadException("register() did not return within " + REGISTER_TIMEOUT.toSeconds() + " s");
        } catch (InterruptedException e) {
            thread.interrupt();
            Thread.currentThread().interrupt();
            throw new PluginLoadException("loading was interrupted");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof PluginLoadException p) throw p;
            if (!registrar.problems().isEmpty()) throw new PluginLoadException(String.join("; ", registrar.problems()));
            if (cause instanceof VirtualMachineError fatal && !(cause instanceof StackOverflowError)) throw fatal;
            throw new PluginLoadException("register() failed: " + describe(cause), cause);
        }
    }

    /** The JAR's own providers of {@link Plugin}, instantiated; never one its parent might expose. */
    private static List<Plugin> create(ClassLoader classLoader) throws PluginLoadException {
        try {
            var created = new ArrayList<Plugin>();
            for (var provider : ServiceLoader.load(Plugin.class, classLoader).stream().toList()) {
                if (provider.type().getClassLoader() == classLoader) created.add(provider.get());
            }
            if (created.isEmpty()) throw new PluginLoadException(SERVICE_FILE + " names no Plugin implementation");
            return created;
        } catch (ServiceConfigurationError | LinkageError | RuntimeException e) {
            throw new PluginLoadException("cannot create its plugin: " + describe(e), e);
        }
    }

    private static String describe(Throwable failure) {
        var reason = new StringBuilder().append(failure);
        for (Throwable cause = failure.getCause(); cause != null && reason.length() < 1000; cause = cause.getCause()) {
            reason.append("; caused by ").append(cause);
        }
        return reason.toString();
    }

    /** Gives a half-loaded plugin a bounded moment to close, so a failed load leaves no copy behind. */
    private static void awaitQuietly(JarPlugin plugin) {
        try {
            plugin.awaitClosed(CLOSE_FAILED_WAIT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // The host deletes its copies folder when it closes; nothing more to do here.
        }
    }
}
