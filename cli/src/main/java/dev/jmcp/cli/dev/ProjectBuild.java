package dev.jmcp.cli.dev;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * One plugin project's build: {@code ./mvnw} when the project has it, else {@code mvn} from the {@code PATH}, running
 * {@code -B -q package -DskipTests} in the project folder, and the JAR it leaves in {@code target/}. The build's
 * output is captured, never inherited: in stdio mode this process's standard output is the protocol. Not thread-safe:
 * one build at a time.
 */
final class ProjectBuild {
    /** A build that takes longer is stopped and counts as failed. */
    private static final long TIMEOUT_MINUTES = 10;

    private final Path project;

    ProjectBuild(Path project) {
        this.project = project;
    }

    /** What one build ended with: the JAR when it succeeded, else what Maven printed. */
    record Outcome(Optional<Path> jar, String output, long millis) {
    }

    Outcome run() throws IOException, InterruptedException {
        long start = System.nanoTime();
        Path wrapper = project.resolve("mvnw");
        var command = new ArrayList<String>();
        command.add(Files.isExecutable(wrapper) ? wrapper.toString() : "mvn");
        command.addAll(List.of("-B", "-q", "package", "-DskipTests"));
        Path log = Files.createTempFile("jmcp-dev-build", ".log");
        try {
            Process process = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(nullDevice())).start();
            boolean ended = process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES);
            if (!ended) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            long millis = (System.nanoTime() - start) / 1_000_000;
            if (!ended) return new Outcome(Optional.empty(), output + "\nthe build took over " + TIMEOUT_MINUTES
                    + " minutes and was stopped", millis);
            if (process.exitValue() != 0) return new Outcome(Optional.empty(), output, millis);
            Optional<Path> jar = jar();
            return new Outcome(jar, jar.isPresent() ? output : output + "\nthe build made no JAR in "
                    + project.resolve("target"), millis);
        } catch (IOException e) {
            throw new IOException("cannot run " + command.getFirst() + " in " + project + " (is Maven on the PATH?): "
                    + e.getMessage(), e);
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** The newest plain JAR in target/: not the shade plugin's original-*, not sources, Javadoc or tests. */
    private Optional<Path> jar() throws IOException {
        Path target = project.resolve("target");
        if (!Files.isDirectory(target)) return Optional.empty();
        try (var files = Files.list(target)) {
            return files.filter(f -> {
                String name = f.getFileName().toString();
                return name.endsWith(".jar") && !name.startsWith("original-") && !name.endsWith("-sources.jar")
                        && !name.endsWith("-javadoc.jar") && !name.endsWith("-tests.jar");
            }).max(Comparator.comparing(ProjectBuild::modified));
        }
    }

    private static long modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * Puts {@code jar} into {@code plugins} as {@code name.jar} in one rename (the copy is written beside the folder
     * first), so the server's watcher never reads half a file.
     */
    static void publish(Path jar, Path plugins, String name) throws IOException {
        Files.createDirectories(plugins);
        Path partial = plugins.resolveSibling(name + ".jar.part");
        Files.copy(jar, partial, StandardCopyOption.REPLACE_EXISTING);
        Files.move(partial, plugins.resolve(name + ".jar"), StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
    }

    /** The most of a build's output the console is given: its end, where Maven says what failed. */
    static final int REPORTED_CHARS = 64 * 1024;

    /**
     * Writes {@code outcome} to {@code status} for the console ({@code {"ok", "at", "millis", "output"}}), in one
     * rename so the console never reads half of it.
     */
    static void report(Outcome outcome, Path status) throws IOException {
        String output = outcome.output().strip();
        if (output.length() > REPORTED_CHARS) {
            output = "…\n" + output.substring(output.length() - REPORTED_CHARS);
        }
        var report = new java.util.LinkedHashMap<String, Object>();
        report.put("ok", outcome.jar().isPresent());
        report.put("at", java.time.Instant.now().toString());
        report.put("millis", outcome.millis());
        report.put("output", output);
        Files.createDirectories(status.getParent());
        Path partial = status.resolveSibling(status.getFileName() + ".part");
        Files.writeString(partial, dev.jmcp.protocol.json.JsonCodec.shared().writeValueAsString(report),
                StandardCharsets.UTF_8);
        Files.move(partial, status, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private static java.io.File nullDevice() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }
}
