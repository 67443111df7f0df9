package dev.jmcp.server.plugins;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Watches the plugins folder and its subfolders (new ones too) with a {@link WatchService}, and tells its listener
 * which plugin files ({@link PluginFiles}: JARs, mounts, native libraries; called JARs below) changed once their
 * writes have settled: a file is handed over when its size and modification time (and those of its companions,
 * {@link PluginStamp}) stayed the same for the settle time, or when it has been gone that long.
 * JARs settling together are handed over in one batch. Without pending changes its thread blocks on the watch
 * service; with some, it wakes only when the next one is due.
 *
 * <p>If the folder does not exist, it watches the nearest existing ancestor and starts watching the folder when it
 * appears; if the folder is deleted, its JARs are reported gone and it waits for it to appear again. Lost events
 * (overflow) make it look at the whole folder again. Bounded: at most {@link #MAX_DEPTH} levels below the folder and
 * {@link #MAX_FOLDERS} watched folders.
 *
 * <p>The creator calls {@link #start} once and {@link #close} once; everything else happens on the watcher's own
 * daemon thread, which also runs the listener. Failures of the listener are logged and watching goes on.
 */
final class FolderWatcher implements AutoCloseable {
    static final int MAX_DEPTH = 8;
    static final int MAX_FOLDERS = 4096;
    private static final Logger LOG = LoggerFactory.getLogger(FolderWatcher.class);

    private final Path root;
    private final long settleNanos;
    private final Consumer<Set<Path>> listener;
    private final WatchService service;
    private final Map<WatchKey, Path> folders = new HashMap<>();
    /** JARs seen present, so a deleted or moved-away folder can report the JARs it held. */
    private final Set<Path> known = new HashSet<>();
    private final Map<Path, Pending> pending = new HashMap<>();
    private boolean rootWatched;
    private volatile boolean closed;
    private Thread thread;

    private record Pending(PluginStamp stamp, long since) {
    }

    /** Starts watching {@code root} (or waiting for it) at once, so no change after this call is missed. */
    FolderWatcher(Path root, Duration settle, Consumer<Set<Path>> listener) throws IOException {
        this.root = root.toAbsolutePath().normalize();
        this.settleNanos = settle.toNanos();
        this.listener = listener;
        this.service = this.root.getFileSystem().newWatchService();
        watchRoot();
    }

    /** Every JAR under {@code root} (to the depth the watcher watches), sorted by path; empty if there is no folder. */
    static Set<Path> findPlugins(Path root) {
        var jars = new TreeSet<Path>();
        Path folder = root.toAbsolutePath().normalize();
        if (!Files.isDirectory(folder)) return jars;
        walk(folder, MAX_DEPTH, dir -> true, jars::add);
        return jars;
    }

    void start() {
        thread = Thread.ofPlatform().daemon().name("jmcp-plugin-watcher").start(this::run);
    }

    @Override
    public void close() {
        closed = true;
        try {
            service.close();
        } catch (IOException e) {
            LOG.debug("Closing the plugin folder watch failed", e);
        }
        Thread watcher = thread;
        if (watcher != null && watcher != Thread.currentThread()) {
            watcher.interrupt();
            try {
                watcher.join(Duration.ofSeconds(1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void run() {
        while (!closed) {
            try {
                WatchKey key = pending.isEmpty() ? service.take() : service.poll(nextDueMillis(), TimeUnit.MILLISECONDS);
                for (int drained = 0; key != null && drained < 1024; drained++) {
                    handle(key);
                    key = service.poll();
                }
                if (key != null) handle(key);
                Set<Path> settled = settled();
                if (!settled.isEmpty()) listener.accept(settled);
            } catch (ClosedWatchServiceException | InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                LOG.error("Applying changes of plugins folder {} failed; still watching", root, e);
            } catch (OutOfMemoryError e) {
                // Another thread (a tool exhausting the heap) may leave none for this one for a moment: the watcher
                // must outlive it, or the folder is no longer watched for the rest of the process's life. Changes
                // pending stay pending and are applied on the next round.
                try {
                    LOG.error("Watching plugins folder {} ran out of memory; still watching", root, e.toString());
                } catch (OutOfMemoryError stillNone) {
                    // Saying so needs memory too; the watcher outlives the message rather than dying with it.
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException interrupted) {
                    return;
                }
            }
        }
    }

    private void handle(WatchKey key) {
        Path folder = folders.get(key);
        for (WatchEvent<?> event : key.pollEvents()) {
            if (event.kind() == StandardWatchEventKinds.OVERFLOW) {
                LOG.debug("Plugin folder events were lost; looking at {} again", root);
                lookAgain();
            } else if (folder != null && rootWatched && event.context() instanceof Path name) {
                changed(folder.resolve(name), event.kind());
            }
        }
        if (!key.reset()) {
            folders.remove(key);
            if (root.equals(folder)) {
                LOG.warn("Plugins folder {} is gone; serving no plugins until it appears again", root);
                rootWatched = false;
                known.forEach(this::touch);
                folders.keySet().forEach(WatchKey::cancel);
                folders.clear();
            }
        }
        if (!rootWatched) {
            watchRoot();
        }
    }

    private void changed(Path path, WatchEvent.Kind<?> kind) {
        if (kind == StandardWatchEventKinds.ENTRY_CREATE && Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
            registerTree(path).forEach(this::touch);
            return;
        }
        if (kind == StandardWatchEventKinds.ENTRY_DELETE) {
            // A folder deleted or moved away reports only itself; its JARs are gone too.
            known.stream().filter(jar -> jar.startsWith(path)).toList().forEach(this::touch);
        }
        if (PluginFiles.kind(path) != null) {
            touch(path);
        } else {
            Path plugin = PluginFiles.pluginOf(path);
            if (plugin != null && (known.contains(plugin) || Files.exists(plugin))) {
                touch(plugin);
            } else if (path.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".properties")) {
                // Named after the plugin rather than the file (units.properties beside units-1.2.jar).
                String base = path.getFileName().toString();
                String name = base.substring(0, base.length() - ".properties".length());
                known.stream().filter(j -> j.getParent().equals(path.getParent()))
                        .filter(j -> JarPluginLoader.pluginName(j).equals(name)).toList().forEach(this::touch);
            }
        }
    }

    /** Starts (or restarts) the settle clock of {@code jar}. */
    private void touch(Path jar) {
        pending.put(jar, new Pending(PluginStamp.read(jar), System.nanoTime()));
    }

    private void lookAgain() {
        if (!rootWatched) return;
        known.forEach(this::touch);
        registerTree(root).forEach(this::touch);
    }

    private long nextDueMillis() {
        long now = System.nanoTime();
        long earliest = pending.values().stream().mapToLong(Pending::since).min().orElse(now);
        long remaining = earliest + settleNanos - now;
        return Math.max(1, TimeUnit.NANOSECONDS.toMillis(remaining) + 1);
    }

    /** The pending JARs that have settled, sorted; the others get a new settle clock if they changed again. */
    private Set<Path> settled() {
        long now = System.nanoTime();
        var due = new TreeSet<Path>();
        for (var it = pending.entrySet().iterator(); it.hasNext(); ) {
            var entry = it.next();
            if (now - entry.getValue().since() < settleNanos) continue;
            PluginStamp stamp = PluginStamp.read(entry.getKey());
            if (Objects.equals(stamp, entry.getValue().stamp())) {
                it.remove();
                due.add(entry.getKey());
                if (stamp == null) known.remove(entry.getKey()); else known.add(entry.getKey());
            } else {
                entry.setValue(new Pending(stamp, now));
            }
        }
        return due;
    }

    /**
     * Watches the folder tree if the folder exists, touching the JARs in it when it has just appeared; otherwise
     * watches the nearest existing ancestor, to notice the folder appear.
     */
    private void watchRoot() {
        for (int attempt = 0; attempt < MAX_DEPTH * 4; attempt++) {
            if (Files.isDirectory(root)) {
                watchTree();
                return;
            }
            Path ancestor = nearestExisting();
            if (ancestor == null || !register(ancestor)) return;
            // A folder created below the ancestor before it was watched sent no event: look again for one.
            if (ancestor.equals(nearestExisting()) && !Files.isDirectory(root)) return;
        }
    }

    private Path nearestExisting() {
        Path ancestor = root.getParent();
        while (ancestor != null && !Files.isDirectory(ancestor)) ancestor = ancestor.getParent();
        return ancestor;
    }

    private void watchTree() {
        folders.entrySet().removeIf(watched -> {
            if (watched.getValue().startsWith(root)) return false;
            watched.getKey().cancel();
            return true;
        });
        rootWatched = true;
        registerTree(root).forEach(this::touch);
    }

    /** Watches {@code top} and every folder below it; returns the JARs found there. */
    private List<Path> registerTree(Path top) {
        var jars = new ArrayList<Path>();
        int depth = top.equals(root) ? 0 : root.relativize(top).getNameCount();
        if (depth > MAX_DEPTH) return jars;
        walk(top, MAX_DEPTH - depth, this::register, jar -> {
            known.add(jar);
            jars.add(jar);
        });
        return jars;
    }

    private boolean register(Path folder) {
        if (folders.size() >= MAX_FOLDERS && !folders.containsValue(folder)) {
            LOG.warn("Not watching {}: already watching {} folders", folder, MAX_FOLDERS);
            return false;
        }
        try {
            folders.put(folder.register(service, StandardWatchEventKinds.ENTRY_CREATE,
                    StandardWatchEventKinds.ENTRY_DELETE, StandardWatchEventKinds.ENTRY_MODIFY), folder);
            return true;
        } catch (IOException e) {
            LOG.warn("Cannot watch {}: {}", folder, e.toString());
            return false;
        }
    }

    private interface FolderVisitor {
        boolean enter(Path folder);
    }

    /** Visits folders (depth-first, not following links, skipping unreadable ones) and the JAR files in them. */
    private static void walk(Path top, int maxDepth, FolderVisitor onFolder, Consumer<Path> onJar) {
        try {
            Files.walkFileTree(top, EnumSet.noneOf(java.nio.file.FileVisitOption.class), maxDepth + 1,
                    new SimpleFileVisitor<>() {
                        @Override
                        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                            return onFolder.enter(dir) ? FileVisitResult.CONTINUE : FileVisitResult.SKIP_SUBTREE;
                        }

                        @Override
                        public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                            if ((attributes.isRegularFile() || attributes.isSymbolicLink())
                                    && PluginFiles.kind(file) != null) {
                                onJar.accept(file);
                            }
                            return FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult visitFileFailed(Path file, IOException e) {
                            return FileVisitResult.CONTINUE;
                        }
                    });
        } catch (IOException e) {
            LOG.warn("Cannot look into {}: {}", top, e.toString());
        }
    }
}
