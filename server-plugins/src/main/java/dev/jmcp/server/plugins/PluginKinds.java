package dev.jmcp.server.plugins;

import dev.jmcp.server.child.ChildJvm;
import dev.jmcp.server.mount.ManifestCache;
import dev.jmcp.server.mount.Mount;
import dev.jmcp.server.mount.MountSpec;
import dev.jmcp.server.nativeabi.NativeHost;
import dev.jmcp.server.nativeabi.NativeLoadException;
import dev.jmcp.server.nativeabi.NativeOptions;
import dev.jmcp.server.nativeabi.NativePlugin;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * Loads a plugin file by its kind, one step per kind: a JAR into the server's process ({@link JarPluginLoader}) or,
 * when its settings say {@code "isolation": "process"}, into a child process of its own mounted over stdio; a
 * {@code .mcp.json} as a {@link Mount}; a native library in a child process of the native host program
 * ({@link NativePlugin#spawn}; a child JVM speaking its frames when there is no such program, {@link NativeHost}), or
 * into the server's process ({@link NativePlugin#load}) when its settings say {@code "isolation": "in-process"}. Used by the
 * {@link PluginHost} on one thread at a time.
 */
final class PluginKinds {
    /** What the host does with what a mount tells it later. */
    interface MountEvents {
        void declarationsChanged(Path source, Mount mount);

        void resourceUpdated(String uri);
    }

    private final JarPluginLoader jars;
    private final Path copies;
    private final MountEvents events;
    private final ManifestCache manifests;

    PluginKinds(JarPluginLoader jars, Path copies, MountEvents events, ManifestCache manifests) {
        this.jars = jars;
        this.copies = copies;
        this.events = events;
        this.manifests = manifests;
    }

    ServedPlugin load(Path file, PluginStamp stamp) throws PluginLoadException {
        return switch (PluginFiles.kind(file)) {
            case JAR -> {
                PluginSettings settings = PluginSettings.read(file);
                if (settings.outOfProcess(false)) yield jarInProcessOfItsOwn(file, stamp, settings);
                yield new ServedJar(jars.load(file, stamp.file()), stamp);
            }
            case MOUNT -> {
                MountSpec spec;
                try {
                    spec = MountSpec.parse(PluginFiles.mountName(file), Files.readString(file), file.getParent());
                } catch (IOException e) {
                    throw new PluginLoadException("cannot read it: " + e.getMessage(), e);
                } catch (IllegalArgumentException e) {
                    throw new PluginLoadException(e.getMessage(), e);
                }
                if (spec.disabled()) throw new PluginLoadException("it says \"disabled\": true");
                yield new ServedMount(open(file, spec), file, stamp, null);
            }
            case NATIVE -> {
                PluginSettings settings = PluginSettings.read(file);
                if (!settings.outOfProcess(true)) {
                    try {
                        yield new ServedNative(NativePlugin.load(file, new NativeOptions(settings.reentrant(),
                                settings.timeout(), settings.startTimeout(), 0, settings.maxCalls(), "")), file, stamp);
                    } catch (NativeLoadException e) {
                        throw new PluginLoadException(e.getMessage(), e);
                    }
                }
                // The native host program, or the child JVM that speaks its frames where it was not built.
                var options = new NativeOptions(settings.reentrant(), settings.timeout() == null
                        ? NativeOptions.DEFAULT_CALL_TIMEOUT : settings.timeout(), settings.startTimeout(),
                        settings.memoryMiB(), settings.maxCalls(), settings.prefix());
                try {
                    yield new ServedNative(NativePlugin.spawn(file, nativeName(file), options, NativeHost.command()),
                            file, stamp);
                } catch (NativeLoadException e) {
                    throw new PluginLoadException(e.getMessage(), e, e.notReady());
                }
            }
            case null -> throw new PluginLoadException("not a plugin file");
        };
    }

    /** A library's plugin name: its file name without {@code lib} and the extension ({@code libweather.so}: weather). */
    static String nativeName(Path library) {
        String name = library.getFileName().toString();
        int dot = name.lastIndexOf('.');
        if (dot > 0) name = name.substring(0, dot);
        return name.startsWith("lib") && name.length() > 3 ? name.substring(3) : name;
    }

    /**
     * The JAR served by a child process ({@link ChildJvm#jarHost}) over a private folder holding a copy of it (and its
     * properties).
     */
    private ServedPlugin jarInProcessOfItsOwn(Path jar, PluginStamp stamp, PluginSettings settings)
            throws PluginLoadException {
        String name = JarPluginLoader.pluginName(jar);
        Path folder;
        try {
            folder = Files.createTempDirectory(copies, name + "-process-");
            Files.copy(jar, folder.resolve(jar.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
            Path properties = JarPluginConfig.propertiesBeside(jar);
            if (Files.isRegularFile(properties)) {
                Files.copy(properties, folder.resolve(properties.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
            }
        } catch (IOException e) {
            throw new PluginLoadException("cannot prepare its private folder: " + e.getMessage(), e);
        }
        var spec = MountSpec.stdio(name, ChildJvm.jarHost(folder), settings.prefix(), settings.timeout(),
                settings.restartOnTimeout()).withIdentityPassed();
        try {
            return new ServedMount(open(jar, spec), jar, stamp, folder);
        } catch (PluginLoadException e) {
            deleteQuietly(folder);
            throw e;
        }
    }

    private Mount open(Path source, MountSpec spec) throws PluginLoadException {
        try {
            return Mount.open(spec, new Mount.Listener() {
                @Override
                public void declarationsChanged(Mount mount) {
                    events.declarationsChanged(source, mount);
                }

                @Override
                public void resourceUpdated(String uri) {
                    events.resourceUpdated(uri);
                }
            }, spec.lazy() ? manifests.slot(source, spec) : null);
        } catch (IOException | RuntimeException e) {
            throw new PluginLoadException("cannot mount " + spec.describe() + ": " + e.getMessage(), e, notReady(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PluginLoadException("interrupted while mounting " + spec.describe(), e);
        }
    }

    /** True when the server did not answer in time (it may be slow to start), rather than refused or failed. */
    private static boolean notReady(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof dev.jmcp.client.RequestTimeoutException
                    || cause instanceof java.net.http.HttpTimeoutException
                    || cause instanceof java.net.ConnectException) {
                return true;
            }
        }
        return false;
    }

    private static void deleteQuietly(Path folder) {
        try (var files = Files.walk(folder)) {
            for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(file);
        } catch (IOException e) {
            folder.toFile().deleteOnExit();
        }
    }
}
