package dev.jmcp.cli.dev;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Watches a plugin project's {@code src/} tree (new folders included) and its build files ({@code pom.xml},
 * {@code build.gradle.kts}, ...: {@link ProjectBuild.Tool#isBuildFile}), and calls back once
 * per burst of changes, when {@code quiet} has passed without another: an editor's save is often several writes.
 * Runs on the thread that calls {@link #run}; {@link #close} ends it. Changes under {@code target/} are not watched,
 * so a build never triggers another.
 */
final class SourceWatcher implements AutoCloseable {
    private final Path project;
    private final Duration quiet;
    private final WatchService service;

    SourceWatcher(Path project, Duration quiet) throws IOException {
        this.project = project;
        this.quiet = quiet;
        this.service = FileSystems.getDefault().newWatchService();
        project.register(service, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY,
                StandardWatchEventKinds.ENTRY_DELETE);
        Path sources = project.resolve("src");
        if (Files.isDirectory(sources)) registerTree(sources);
    }

    private void registerTree(Path root) throws IOException {
        try (Stream<Path> folders = Files.walk(root)) {
            for (Path folder : folders.filter(Files::isDirectory).toList()) {
                folder.register(service, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY,
                        StandardWatchEventKinds.ENTRY_DELETE);
            }
        }
    }

    /** Calls {@code onChange} after each burst of changes until closed or interrupted. */
    void run(Runnable onChange) throws IOException {
        try {
            while (true) {
                WatchKey key = service.take();
                boolean relevant = drain(key);
                // Further writes of the same save: wait until none came for the quiet period.
                WatchKey more;
                while ((more = service.poll(quiet.toMillis(), TimeUnit.MILLISECONDS)) != null) relevant |= drain(more);
                if (relevant) onChange.run();
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            // closed: the server ended
        }
    }

    /** Whether the key's events touch the sources or the POM; registers folders created under src/. */
    private boolean drain(WatchKey key) throws IOException {
        Path folder = (Path) key.watchable();
        boolean relevant = false;
        for (var event : key.pollEvents()) {
            if (!(event.context() instanceof Path name)) {
                relevant = true; // overflow: something changed
                continue;
            }
            Path changed = folder.resolve(name);
            if (folder.equals(project)) {
                String file = name.toString();
                if (ProjectBuild.Tool.isBuildFile(file)) relevant = true;
                if (file.equals("src") && Files.isDirectory(changed)) {
                    registerTree(changed);
                    relevant = true;
                }
                continue;
            }
            relevant = true;
            if (event.kind() == StandardWatchEventKinds.ENTRY_CREATE && Files.isDirectory(changed)) registerTree(changed);
        }
        key.reset();
        return relevant;
    }

    @Override
    public void close() throws IOException {
        service.close();
    }
}
