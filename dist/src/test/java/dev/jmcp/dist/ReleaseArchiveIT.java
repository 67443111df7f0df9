package dev.jmcp.dist;

import dev.jmcp.testkit.McpProcess;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The release archive ({@code -Djmcp.release-archive}) as a user gets it: unpacked with {@code tar} in a folder of its
 * own, and that folder copied again with a plain {@code cp -r} (which drops file times). Both must start, answer, and
 * run with the ahead-of-time class cache in effect, which the JVM shows on standard error when asked
 * ({@code -Xlog:class+load}: a class taken from the cache is logged with {@code source: shared objects file}).
 */
class ReleaseArchiveIT {
    private static final Path ARCHIVE = Path.of(System.getProperty("jmcp.release-archive", "missing.tar.gz"));
    private static final FileTime TRAINED_TIME = FileTime.from(Instant.parse("2000-01-01T00:00:00Z"));
    private static final String FROM_CACHE = "source: shared objects file";

    @TempDir
    static Path temp;

    private static Path unpacked;
    private static Path copied;

    @BeforeAll
    static void unpackAndCopy() throws Exception {
        assertThat(ARCHIVE).isRegularFile();
        Path into = Files.createDirectories(temp.resolve("unpacked"));
        run(into, "tar", "-xzf", ARCHIVE.toString());
        try (Stream<Path> top = Files.list(into)) {
            unpacked = top.toList().getFirst();
        }
        copied = temp.resolve("copied");
        run(temp, "cp", "-r", unpacked.toString(), copied.toString());
    }

    private static void run(Path dir, String... command) throws Exception {
        Process process = new ProcessBuilder(command).directory(dir.toFile()).inheritIO().start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("%s finished", List.of(command)).isTrue();
        assertThat(process.exitValue()).as("exit code of %s", List.of(command)).isZero();
    }

    @Test
    void theArchiveHoldsOneVersionedFolderWithLaunchersLibrariesRuntimePluginsAndLicence() {
        assertThat(unpacked.getFileName().toString()).isEqualTo("jmcp-" + System.getProperty("jmcp.version"));
        assertThat(unpacked.resolve("bin/jmcp")).isExecutable();
        assertThat(unpacked.resolve("bin/jmcp.cmd")).isRegularFile();
        assertThat(unpacked.resolve("runtime/bin/java")).isExecutable();
        assertThat(unpacked.resolve("lib/jmcp.aot")).isRegularFile();
        assertThat(unpacked.resolve("LICENSE")).isRegularFile();
        assertThat(unpacked.resolve("plugins")).isDirectoryContaining("glob:**/sleep.jar");
        assertThat(unpacked.resolve("lib")).isDirectoryContaining("glob:**/jmcp-cli-*.jar");
    }

    /**
     * The archive's examples: a systemd unit and a container recipe, each starting {@code serve} with options the
     * shipped {@code jmcp serve} knows.
     */
    @Test
    void theArchiveShipsASystemdUnitAndAContainerRecipeWhoseOptionsServeKnows() throws Exception {
        Path unit = unpacked.resolve("examples/systemd/jmcp.service");
        Path recipe = unpacked.resolve("examples/container/Containerfile");
        assertThat(unit).isRegularFile();
        assertThat(recipe).isRegularFile();
        Process help = new ProcessBuilder(unpacked.resolve("bin/jmcp").toString(), "serve", "--help").start();
        String usage = new String(help.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(help.waitFor(30, TimeUnit.SECONDS)).isTrue();
        for (Path example : List.of(unit, recipe)) {
            // The command that starts jmcp: the ExecStart or ENTRYPOINT line and the lines it continues on.
            var command = new StringBuilder();
            boolean inCommand = false;
            for (String line : Files.readAllLines(example)) {
                if (line.startsWith("ExecStart=") || line.startsWith("ENTRYPOINT")) inCommand = true;
                if (!inCommand) continue;
                command.append(line).append('\n');
                if (!line.strip().endsWith("\\")) break;
            }
            assertThat(command).as("the command in " + example.getFileName()).contains("bin/jmcp").contains("serve");
            var options = java.util.regex.Pattern.compile("\"?(--[a-z][a-z-]+)").matcher(command);
            int found = 0;
            while (options.find()) {
                found++;
                assertThat(usage).as("%s's option %s in jmcp serve --help", example.getFileName(), options.group(1))
                        .contains(options.group(1));
            }
            assertThat(found).as("options in " + example.getFileName()).isGreaterThanOrEqualTo(3);
        }
    }

    @Test
    void theUnpackedArchiveAnswersWithItsAheadOfTimeCacheInEffect() throws Exception {
        assertAnswersFromTheCache(unpacked);
    }

    @Test
    void aCopyWithoutFileTimesAnswersWithItsAheadOfTimeCacheInEffect() throws Exception {
        assertAnswersFromTheCache(copied);
        try (Stream<Path> jars = Files.list(copied.resolve("lib"))) {
            for (Path jar : jars.filter(p -> p.toString().endsWith(".jar")).toList()) {
                assertThat(Files.getLastModifiedTime(jar)).as("time of %s", jar).isEqualTo(TRAINED_TIME);
            }
        }
    }

    /**
     * A JAR of lib/ replaced by hand (here: the CLI's own, rewritten with one entry more) is never shadowed by the
     * cache's copies of its classes: the launcher sees lib/ is not what the cache was trained on, starts without it and
     * says why in one line; the classes then come from the JARs.
     */
    @Test
    void aJarReplacedByHandIsNotShadowedByTheCache() throws Exception {
        Path replaced = temp.resolve("replaced");
        run(temp, "cp", "-a", unpacked.toString(), replaced.toString());
        Path jar;
        try (Stream<Path> jars = Files.list(replaced.resolve("lib"))) {
            jar = jars.filter(p -> p.getFileName().toString().startsWith("jmcp-cli-")).findFirst().orElseThrow();
        }
        Path rewritten = temp.resolve("rewritten.jar");
        try (var in = new java.util.zip.ZipFile(jar.toFile());
             var out = new java.util.zip.ZipOutputStream(Files.newOutputStream(rewritten))) {
            for (var entry : java.util.Collections.list(in.entries())) {
                out.putNextEntry(new java.util.zip.ZipEntry(entry.getName()));
                try (var data = in.getInputStream(entry)) {
                    data.transferTo(out);
                }
                out.closeEntry();
            }
            out.putNextEntry(new java.util.zip.ZipEntry("dev/jmcp/cli/replaced-by-hand.txt"));
            out.write("patched".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.closeEntry();
        }
        Files.move(rewritten, jar, java.nio.file.StandardCopyOption.REPLACE_EXISTING);

        var command = List.of(replaced.resolve("bin/jmcp").toString(), "serve", "-p",
                replaced.resolve("plugins").toString());
        try (var server = McpProcess.start(command, Map.of("JMCP_OPTS", "-Xlog:class+load=info:stderr"), temp)) {
            assertThat(server.initialize("2025-11-25", Map.of())).containsKey("result");
            assertThat(server.closeInputAndWait(Duration.ofSeconds(20))).isZero();
            assertThat(server.stderr().lines().filter(l -> l.contains("without the start-up cache")))
                    .singleElement().asString().contains("lib/" + jar.getFileName() + " differs");
            assertThat(server.stderr()).contains("dev.jmcp.cli.Jmcp source: ")
                    .doesNotContain("dev.jmcp.cli.Jmcp " + FROM_CACHE);
        }
        // The untouched archive still starts with its cache, and says nothing about it.
        Process version = new ProcessBuilder(unpacked.resolve("bin/jmcp").toString(), "--version").start();
        String said = new String(version.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(version.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(said).doesNotContain("start-up cache");
    }

    /**
     * {@code -t --stdio}: one client over standard input and output, others over HTTP, and jmcp ends when standard
     * input does. Such a start takes {@code jmcp-http.aot}, which holds Jetty's classes; a stdio start takes
     * {@code jmcp.aot}, which does not (it would only map them for nothing).
     */
    @Test
    void anHttpStartServesBesideStdioWithJettyFromItsOwnCache() throws Exception {
        assertThat(unpacked.resolve("lib/jmcp-http.aot")).isRegularFile();
        int port = Distribution.freePort();
        var command = List.of(unpacked.resolve("bin/jmcp").toString(), "serve", "-t", "--stdio", "--port",
                Integer.toString(port), "-p", unpacked.resolve("plugins").toString());
        try (var server = McpProcess.start(command, Map.of("JMCP_OPTS", "-Xlog:class+load=info:stderr"), temp)) {
            assertThat(server.initialize("2025-11-25", Map.of())).containsKey("result");
            var http = java.net.http.HttpClient.newHttpClient();
            var initialize = http.send(java.net.http.HttpRequest.newBuilder(
                            java.net.URI.create("http://127.0.0.1:" + port + "/mcp"))
                    .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,"
                            + "\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
                            + "\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}"))
                    .build(), java.net.http.HttpResponse.BodyHandlers.ofString());
            assertThat(initialize.statusCode()).isEqualTo(200);
            assertThat(initialize.headers().firstValue("Mcp-Session-Id")).isPresent();
            assertThat(server.call("tools/list", Map.of())).containsKey("tools");
            assertThat(server.closeInputAndWait(Duration.ofSeconds(20))).isZero();
            assertThat(server.stderr()).contains("org.eclipse.jetty.server.Server " + FROM_CACHE);
        }
        var stdio = List.of(unpacked.resolve("bin/jmcp").toString(), "serve", "-p",
                unpacked.resolve("plugins").toString());
        try (var server = McpProcess.start(stdio, Map.of("JMCP_OPTS", "-Xlog:class+load=info:stderr"), temp)) {
            assertThat(server.initialize("2025-11-25", Map.of())).containsKey("result");
            assertThat(server.closeInputAndWait(Duration.ofSeconds(20))).isZero();
            assertThat(server.stderr()).contains("dev.jmcp.cli.Jmcp " + FROM_CACHE)
                    .doesNotContain("org.eclipse.jetty.server.Server ");
        }
    }

    @SuppressWarnings("unchecked")
    private static void assertAnswersFromTheCache(Path home) throws Exception {
        var command = List.of(home.resolve("bin/jmcp").toString(), "serve", "-p", home.resolve("plugins").toString());
        try (var server = McpProcess.start(command, Map.of("JMCP_OPTS", "-Xlog:class+load=info:stderr"), temp)) {
            var initialize = server.initialize("2025-06-18", Map.of());
            assertThat(initialize).containsKey("result");
            var tools = (List<Map<String, Object>>) server.call("tools/list", Map.of()).get("tools");
            assertThat(tools).extracting(t -> t.get("name")).contains("sleep");
            assertThat(server.closeInputAndWait(Duration.ofSeconds(20))).isZero();
            long loaded = server.stderr().lines().filter(l -> l.contains("source:")).count();
            long fromCache = server.stderr().lines().filter(l -> l.contains(FROM_CACHE)).count();
            // Without the cache no class of jmcp's libraries comes from it (only the runtime's own CDS archive's);
            // with it, nearly all do.
            assertThat(fromCache).as("classes from the AOT cache out of %d loaded", loaded)
                    .isGreaterThan(loaded * 8 / 10);
            assertThat(server.stderr()).contains("dev.jmcp.cli.Jmcp " + FROM_CACHE);
            // picocli is compiled for Java 5, which the cache leaves out; the build rewrites it so that it is kept.
            assertThat(server.stderr()).contains("picocli.CommandLine " + FROM_CACHE)
                    .doesNotContain("picocli-4");
        }
    }
}
