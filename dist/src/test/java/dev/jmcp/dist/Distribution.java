package dev.jmcp.dist;

import dev.jmcp.testkit.McpProcess;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/** The assembled distribution under test ({@code -Djmcp.home}), started the way a user starts it. */
final class Distribution {
    static final Path HOME = Path.of(System.getProperty("jmcp.home", "target/jmcp")).toAbsolutePath();

    private Distribution() {
    }

    static Path launcher() {
        return HOME.resolve("bin/jmcp");
    }

    static Path bundledPlugins() {
        return HOME.resolve("plugins");
    }

    /** {@code bin/jmcp serve -p plugins extraArgs...} in {@code workDir}, with {@code env} added. */
    static McpProcess serve(Path plugins, Map<String, String> env, Path workDir, String... extraArgs) throws IOException {
        var command = new ArrayList<>(List.of(launcher().toString(), "serve", "-p", plugins.toString()));
        command.addAll(List.of(extraArgs));
        return McpProcess.start(command, env, workDir);
    }

    /** A private copy of the bundled plugins folder, so a test may change it. */
    static Path copyOfBundledPlugins(Path target) throws IOException {
        Files.createDirectories(target);
        try (var jars = Files.list(bundledPlugins())) {
            for (Path jar : jars.toList()) Files.copy(jar, target.resolve(jar.getFileName()));
        }
        return target;
    }

    private static final Pattern SERVING = Pattern.compile("serving Streamable HTTP at (\\S+);");

    /** A {@code bin/jmcp serve -t} process: its endpoint as it logged it, and what it wrote to standard error so far. */
    record HttpServer(Process process, URI url, StringBuffer stderr) implements AutoCloseable {
        /** Stops it with SIGTERM, then SIGKILL after 10 s. */
        @Override
        public void close() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /**
     * {@code bin/jmcp serve -t args...} with {@code env} added, once it says where it serves (60 s at most); fails with
     * its standard error when it ends first.
     */
    static HttpServer serveHttp(List<String> args, Map<String, String> env) throws Exception {
        var command = new ArrayList<>(List.of(launcher().toString(), "serve", "-t"));
        command.addAll(args);
        var builder = new ProcessBuilder(command);
        builder.environment().putAll(env);
        Process process = builder.start();
        var stderr = new StringBuffer();
        var serving = new CompletableFuture<URI>();
        Thread.ofPlatform().daemon().start(() -> {
            try (var err = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = err.readLine()) != null) {
                    stderr.append(line).append('\n');
                    var m = SERVING.matcher(line);
                    if (m.find()) serving.complete(URI.create(m.group(1)));
                }
                serving.completeExceptionally(new AssertionError("jmcp ended without serving HTTP:\n" + stderr));
            } catch (IOException e) {
                serving.completeExceptionally(e);
            }
        });
        try {
            return new HttpServer(process, serving.get(60, TimeUnit.SECONDS), stderr);
        } catch (java.util.concurrent.TimeoutException e) {
            // Say what it was doing: its threads, then what it logged.
            new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    String.valueOf(process.pid()), "Thread.print").redirectErrorStream(true).start().getInputStream()
                    .transferTo(new java.io.OutputStream() {
                        @Override
                        public void write(int b) {
                            stderr.append((char) b);
                        }
                    });
            process.destroyForcibly();
            throw new AssertionError("jmcp did not serve HTTP within 60 s; its threads, then its log:\n" + stderr, e);
        } catch (Exception e) {
            process.destroyForcibly();
            throw e;
        }
    }

    /** A free port on 127.0.0.1 (free when asked; the caller binds it soon after). */
    static int freePort() throws IOException {
        try (var probe = new java.net.ServerSocket(0)) {
            return probe.getLocalPort();
        }
    }
}
