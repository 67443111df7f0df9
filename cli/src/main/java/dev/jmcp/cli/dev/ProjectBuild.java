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
 * One plugin project's build, by the tool the project uses. Maven ({@code pom.xml}): {@code ./mvnw} when the project
 * has it, else {@code mvn} from the {@code PATH}, running {@code -B -q -Dstyle.color=never package -DskipTests}; the
 * JAR it leaves in
 * {@code target/}. Gradle ({@code build.gradle.kts} or {@code build.gradle}, and no {@code pom.xml}): {@code ./gradlew}
 * when the project has it, else {@code gradle} from the {@code PATH}, running {@code -q --console=plain jar} (which
 * runs no test); the JAR it leaves in {@code build/libs/}. The build's output is captured, never inherited: in stdio
 * mode this process's standard output is the protocol; terminal escape sequences are taken out of it ({@link #plain}),
 * as it is shown in the console too. Not thread-safe: one build at a time.
 */
final class ProjectBuild {
    /** A build that takes longer is stopped and counts as failed. */
    private static final long TIMEOUT_MINUTES = 10;

    /** The build tools jmcp dev runs, each with what tells a project uses it and where its output goes. */
    enum Tool {
        MAVEN("pom.xml", "target", "target", "mvnw", "mvn",
                List.of("-B", "-q", "-Dstyle.color=never", "package", "-DskipTests"),
                "Maven (https://maven.apache.org)"),
        GRADLE("build.gradle.kts", "build/libs", "build", "gradlew", "gradle", List.of("-q", "--console=plain", "jar"),
                "Gradle 8 or newer (https://gradle.org/install/), or add the Gradle wrapper to the project");

        /** The build file named in messages. */
        final String buildFile;
        /** Where the build leaves the JAR, relative to the project. */
        final String jars;
        /** The build's own output folder, where jmcp dev keeps what it serves. */
        final String output;
        final String wrapper;
        final String command;
        final List<String> arguments;
        /** What to install when neither the wrapper nor the command is there. */
        final String install;

        Tool(String buildFile, String jars, String output, String wrapper, String command, List<String> arguments,
             String install) {
            this.buildFile = buildFile;
            this.jars = jars;
            this.output = output;
            this.wrapper = wrapper;
            this.command = command;
            this.arguments = arguments;
            this.install = install;
        }

        /** The tool {@code project} is built with (Maven when it has both), or null when it has no build file of either. */
        static Tool of(Path project) {
            if (Files.isRegularFile(project.resolve("pom.xml"))) return MAVEN;
            if (Files.isRegularFile(project.resolve("build.gradle.kts"))
                    || Files.isRegularFile(project.resolve("build.gradle"))) {
                return GRADLE;
            }
            return null;
        }

        /** Whether a change of the project's top-level file {@code name} may change what the build makes. */
        static boolean isBuildFile(String name) {
            return switch (name) {
                case "pom.xml", "build.gradle.kts", "build.gradle", "settings.gradle.kts", "settings.gradle",
                     "gradle.properties" -> true;
                default -> false;
            };
        }
    }

    private final Path project;
    private final Tool tool;

    ProjectBuild(Path project, Tool tool) {
        this.project = project;
        this.tool = tool;
    }

    /** The folder of the build's own output ({@code target/}, {@code build/}), where jmcp dev keeps what it serves. */
    Path output() {
        return project.resolve(tool.output);
    }

    /**
     * The command that runs the build: the project's wrapper, else the tool from the {@code PATH}; for a tool that is
     * on neither, an {@link IOException} that says what to install. {@code path}: the value of the {@code PATH}.
     */
    List<String> command(String path) throws IOException {
        var command = new ArrayList<String>();
        Path wrapper = project.resolve(tool.wrapper);
        if (Files.isExecutable(wrapper)) {
            command.add(wrapper.toString());
        } else if (onPath(tool.command, path)) {
            command.add(tool.command);
        } else {
            throw new IOException("cannot build " + project + ": it has no ./" + tool.wrapper + " and there is no "
                    + tool.command + " on the PATH; install " + tool.install);
        }
        command.addAll(tool.arguments);
        return command;
    }

    /** Whether a folder of {@code path} (a PATH's value) holds an executable {@code command}. */
    static boolean onPath(String command, String path) {
        if (path == null) return false;
        boolean windows = System.getProperty("os.name").startsWith("Windows");
        for (String folder : path.split(java.io.File.pathSeparator)) {
            if (folder.isBlank()) continue;
            try {
                Path dir = Path.of(folder);
                if (Files.isExecutable(dir.resolve(command))) return true;
                if (windows && (Files.isExecutable(dir.resolve(command + ".cmd"))
                        || Files.isExecutable(dir.resolve(command + ".bat")))) {
                    return true;
                }
            } catch (java.nio.file.InvalidPathException e) {
                // not a folder: look in the next
            }
        }
        return false;
    }

    /** What one build ended with: the JAR when it succeeded, else what the build printed. */
    record Outcome(Optional<Path> jar, String output, long millis) {
    }

    Outcome run() throws IOException, InterruptedException {
        long start = System.nanoTime();
        List<String> command = command(System.getenv("PATH"));
        Path log = Files.createTempFile("jmcp-dev-build", ".log");
        try {
            Process process = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(nullDevice())).start();
            boolean ended = process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES);
            if (!ended) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
            String output = plain(Files.readString(log, StandardCharsets.UTF_8));
            long millis = (System.nanoTime() - start) / 1_000_000;
            if (!ended) return new Outcome(Optional.empty(), output + "\nthe build took over " + TIMEOUT_MINUTES
                    + " minutes and was stopped", millis);
            if (process.exitValue() != 0) return new Outcome(Optional.empty(), output, millis);
            Optional<Path> jar = jar();
            return new Outcome(jar, jar.isPresent() ? output : output + "\nthe build made no JAR in "
                    + project.resolve(tool.jars), millis);
        } catch (IOException e) {
            throw new IOException("cannot run " + command.getFirst() + " in " + project + " (install " + tool.install
                    + "): " + e.getMessage(), e);
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /**
     * Terminal control sequences: CSI ({@code ESC [ ... final}, colours and cursor moves), OSC ({@code ESC ] ...}
     * ended by BEL or {@code ESC \}, e.g. a title or a link) and the two-character escapes.
     */
    private static final java.util.regex.Pattern ESCAPES = java.util.regex.Pattern.compile(
            "\u001B\\[[0-?]*[ -/]*[@-~]|\u001B\\][^\u0007\u001B]*(?:\u0007|\u001B\\\\)|\u001B[0-?@-Z\\\\-_]");

    /**
     * {@code output} without terminal escape sequences. Maven writes some even in batch mode with colour off (3.8.7
     * starts its lines with {@code ESC[0m}); the console shows the text as it is, and a terminal that takes them
     * from our standard error must not be recoloured by a build's leftovers.
     */
    static String plain(String output) {
        return ESCAPES.matcher(output).replaceAll("");
    }

    /** The newest plain JAR the build made: not the shade plugin's original-*, not sources, Javadoc or tests. */
    private Optional<Path> jar() throws IOException {
        Path target = project.resolve(tool.jars);
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
