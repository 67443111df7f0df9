package dev.jmcp.cli.dev;

import dev.jmcp.cli.Jmcp;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.jar.JarFile;

/**
 * {@code jmcp dev [DIR] [SERVE OPTIONS]}: builds the plugin project in DIR with its Maven or Gradle build
 * ({@link ProjectBuild}), serves its JAR as {@code jmcp serve} would (every serve option passes through; with no
 * transport option, HTTP on a free loopback port with the console, whose address it prints; {@code --stdio} for a
 * client that starts it: see {@link DevServing}), and rebuilds and reloads it on every save under {@code src/} or of
 * a build file ({@code pom.xml}, {@code build.gradle.kts}, ...). Everything it says goes to standard error (over
 * stdio, standard output is the protocol). Serve options are checked before the first build. A failed rebuild is
 * printed, and shown in the console (each build's outcome is written to {@code jmcp-dev/build.json} in the build's
 * output folder, {@code target/} or {@code build/}, which the served console reads), and the last good JAR keeps
 * serving. Exit codes are serve's; 1 when the first build fails, 2 when DIR holds neither a {@code pom.xml} nor a
 * {@code build.gradle.kts} (or {@code build.gradle}) or serve would refuse the options. The server runs in a child
 * process with this one's standard streams; ending this one ends it.
 */
@Command(name = "dev", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {
                "Builds the plugin project in DIR (default: this folder) with its Maven build (./mvnw, else mvn on the "
                        + "PATH: package -DskipTests) or its Gradle build (./gradlew, else gradle on the PATH: jar), "
                        + "serves it, and on every save under src/ or of the build files builds it again and reloads "
                        + "it; clients get list_changed.",
                "Every other option is serve's. With none of -t, -s, --stdio it serves HTTP on a free loopback port "
                        + "with the console (/console/), and prints its address; --stdio serves stdio only, for a "
                        + "client that starts 'jmcp dev' itself; -t or -s (with or without --stdio) serve as given, "
                        + "with the console.",
                "Build errors go to standard error and to the console, and the last good version keeps serving. The "
                        + "JAR is served from DIR/target/jmcp-dev/plugins (Gradle: DIR/build/jmcp-dev/plugins)."
        })
public final class DevCommand implements Callable<Integer> {
    /** How long the sources must stay unchanged before a rebuild starts: one save is often several writes. */
    private static final Duration QUIET = Duration.ofMillis(200);

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "[DIR] [SERVE OPTIONS]", arity = "0..*",
            description = "The project folder, then any option of 'jmcp serve'.")
    List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws IOException, InterruptedException {
        List<String> serveOptions = new ArrayList<>(args);
        Path project = Path.of(".");
        if (!serveOptions.isEmpty() && !serveOptions.getFirst().startsWith("-")) project = Path.of(serveOptions.removeFirst());
        project = project.toAbsolutePath().normalize();
        ProjectBuild.Tool tool = ProjectBuild.Tool.of(project);
        if (tool == null) {
            throw new ParameterException(spec.commandLine(), project + " holds no pom.xml and no build.gradle.kts: run "
                    + "'jmcp dev' in a plugin project (one 'jmcp new plugin NAME' wrote), or name its folder");
        }
        DevServing serving;
        try {
            serving = DevServing.of(serveOptions);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        PrintStream err = System.err;
        var build = new ProjectBuild(project, tool);
        err.println("jmcp dev: building " + project + " ...");
        ProjectBuild.Outcome first = build.run();
        if (first.jar().isEmpty()) {
            err.println("jmcp dev: the build failed:");
            err.println(first.output().strip());
            return 1;
        }
        Path plugins = build.output().resolve("jmcp-dev/plugins");
        String name = pluginName(first.jar().get());
        ProjectBuild.publish(first.jar().get(), plugins, name);
        Path status = plugins.resolveSibling("build.json");
        ProjectBuild.report(first, status);
        err.printf("jmcp dev: built %s in %.1f s; serving it from %s; watching src/ and %s%n", name,
                first.millis() / 1000.0, plugins, tool.buildFile);

        var watcher = new SourceWatcher(project, QUIET);
        Thread watching = Thread.ofPlatform().daemon().name("jmcp-dev-watcher").start(() -> {
            try {
                watcher.run(() -> rebuild(build, plugins, name, status, err));
            } catch (IOException e) {
                err.println("jmcp dev: stopped watching the sources: " + e.getMessage());
            }
        });
        // The server is a child process with this one's standard streams: over stdio its standard output is the
        // protocol, and its logging is set up by serve alone (in this process, starting Maven has already used it).
        var serve = new ArrayList<>(launcher());
        serve.addAll(List.of("serve", "-p", plugins.toString(), "--dev-build-status", status.toString()));
        Path address = plugins.resolveSibling("address");
        Files.deleteIfExists(address);
        if (serving.http()) serve.addAll(List.of("--address-file", address.toString()));
        serve.addAll(serving.serveOptions());
        Process server = new ProcessBuilder(serve).inheritIO().start();
        if (serving.http()) {
            Thread.ofPlatform().daemon().name("jmcp-dev-address").start(() -> announce(address, server, err));
        }
        Thread stop = new Thread(() -> {
            server.destroy();
            try {
                server.waitFor(35, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Runtime.getRuntime().addShutdownHook(stop);
        try {
            return server.waitFor();
        } finally {
            watcher.close();
            watching.interrupt();
        }
    }

    /**
     * Prints the console's address once the server has written its own (the port it bound) to {@code address};
     * nothing when the server ends first, having said why itself.
     */
    private static void announce(Path address, Process server, PrintStream err) {
        try {
            while (server.isAlive() && !Files.exists(address)) Thread.sleep(50);
            if (!Files.exists(address)) return;
            URI endpoint = URI.create(Files.readString(address).strip());
            err.println("jmcp dev: the console is at " + DevServing.console(endpoint));
        } catch (IOException | IllegalArgumentException e) {
            err.println("jmcp dev: cannot read the server's address from " + address + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * How to start jmcp: the distribution's launcher beside lib/ (with its JVM options and start-up cache), else this
     * JVM with its class path (run from classes).
     */
    private static List<String> launcher() {
        try {
            var source = DevCommand.class.getProtectionDomain().getCodeSource();
            Path jar = source == null ? null : Path.of(source.getLocation().toURI());
            if (jar != null && Files.isRegularFile(jar) && jar.getParent() != null && jar.getParent().getParent() != null) {
                Path home = jar.getParent().getParent();
                boolean windows = System.getProperty("os.name").startsWith("Windows");
                Path script = home.resolve(windows ? "bin/jmcp.cmd" : "bin/jmcp");
                if (Files.isRegularFile(script)) return List.of(script.toString());
            }
        } catch (java.net.URISyntaxException | RuntimeException e) {
            // fall through to this JVM
        }
        String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin",
                "java").toString());
        return List.of(java, "-cp", System.getProperty("java.class.path"), Jmcp.class.getName());
    }

    private static void rebuild(ProjectBuild build, Path plugins, String name, Path status, PrintStream err) {
        err.println("jmcp dev: a change; building again ...");
        try {
            ProjectBuild.Outcome outcome = build.run();
            ProjectBuild.report(outcome, status);
            if (outcome.jar().isEmpty()) {
                err.println("jmcp dev: the build failed; the last good version keeps serving:");
                err.println(outcome.output().strip());
                return;
            }
            ProjectBuild.publish(outcome.jar().get(), plugins, name);
            err.printf("jmcp dev: built in %.1f s; the server reloads %s now%n", outcome.millis() / 1000.0, name);
        } catch (IOException e) {
            err.println("jmcp dev: " + e.getMessage() + "; the last good version keeps serving");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The plugin's name as the server takes it: the manifest's Jmcp-Plugin-Name, else the file name. */
    private static String pluginName(Path jar) throws IOException {
        try (var file = new JarFile(jar.toFile())) {
            var manifest = file.getManifest();
            String named = manifest == null ? null : manifest.getMainAttributes().getValue("Jmcp-Plugin-Name");
            if (named != null && named.matches("[A-Za-z0-9._-]+")) return named;
        }
        return jar.getFileName().toString().replaceFirst("\\.jar$", "");
    }
}
