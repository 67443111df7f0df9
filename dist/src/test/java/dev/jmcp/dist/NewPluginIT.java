package dev.jmcp.dist;

import dev.jmcp.testkit.McpProcess;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A newcomer's path with nothing but the release: unpack the release archive into an empty folder, {@code jmcp new
 * plugin}, build the project offline ({@code mvn -o package}, which runs its tests through the plugin test kit) with
 * an empty local Maven repository, and serve the JAR from the unpacked distribution. Every jmcp artifact and every
 * library the project compiles and tests with must come from the archive's {@code repository/}.
 *
 * <p>The local repository (under target/, empty at start) is first given what Maven itself needs and only that: the
 * Maven plugins the project's POM names and Surefire's JUnit Platform provider, resolved from this machine's own
 * local repository (~/.m2, read as a {@code file:} mirror of Central, so no network and no write to it). A newcomer's
 * Maven has these after its first build of any project.
 */
@Timeout(900)
class NewPluginIT {
    private static final Path TARGET = Path.of("target").toAbsolutePath();
    private static final Path ARCHIVE = Path.of(System.getProperty("jmcp.release-archive", "target/none.tar.gz"));
    private static final String VERSION = System.getProperty("jmcp.version", "0.1.0-SNAPSHOT");

    private static volatile boolean seeded;

    private static String run(Path directory, List<String> command, Map<String, String> env, long seconds)
            throws Exception {
        Path log = Files.createTempFile("jmcp-new-plugin", ".log");
        try {
            var builder = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            builder.environment().remove("MAVEN_OPTS");
            builder.environment().putAll(env);
            Process process = builder.start();
            process.getOutputStream().close();
            if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new AssertionError(String.join(" ", command) + " did not end within " + seconds + " s:\n"
                        + Files.readString(log, StandardCharsets.UTF_8));
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            assertThat(process.exitValue()).as(String.join(" ", command) + ":\n" + output).isZero();
            return output;
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static void deleteTree(Path root) throws Exception {
        if (!Files.exists(root)) return;
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) Files.delete(file);
        }
    }

    /** Maven for the child builds: on Java 17 when this machine has it (the toolchain must find JDK 25 by itself). */
    private static Map<String, String> mavenEnv() {
        var env = new HashMap<String, String>();
        Path java17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64");
        if (Files.isDirectory(java17)) env.put("JAVA_HOME", java17.toString());
        return env;
    }

    /**
     * Pre-seeds {@code localRepository} with what Maven itself needs to build {@code project} (its plugins, their
     * dependencies, Surefire's JUnit provider) and nothing the project depends on. One build of a copy of the project
     * runs with plugins from this machine's ~/.m2 (read as a {@code file:} repository: nothing is written there) and,
     * for what that lacks, from Maven Central, while Central's place for dependencies is an empty folder, so every
     * dependency must come from the archive's repository. Then what came from the archive is deleted again, so the
     * build under test takes it from the archive itself, and the plugins' records of where they came from are dropped
     * (so the offline build takes them as installed, whichever of the two repositories gave them).
     */
    private static void seedMavenPlugins(Path project, Path localRepository) throws Exception {
        Path m2 = Path.of(System.getProperty("user.home"), ".m2", "repository");
        Path emptyCentral = Files.createDirectories(TARGET.resolve("new-plugin-no-dependencies"));
        Path settings = TARGET.resolve("new-plugin-settings.xml");
        Files.writeString(settings, """
                <settings>
                  <profiles><profile><id>seed</id>
                    <repositories><repository><id>central</id><url>%s</url></repository></repositories>
                    <pluginRepositories>
                      <pluginRepository><id>this-machine</id><url>%s</url></pluginRepository>
                      <pluginRepository><id>central</id><url>https://repo.maven.apache.org/maven2</url></pluginRepository>
                    </pluginRepositories>
                  </profile></profiles>
                  <activeProfiles><activeProfile>seed</activeProfile></activeProfiles>
                </settings>
                """.formatted(emptyCentral.toUri(), m2.toUri()));
        // Beside the project, so that a path its POM names relative to itself (an example's ../../repository) holds.
        Path seed = project.resolveSibling(".maven-plugins-seed");
        deleteTree(seed);
        run(TARGET, List.of("cp", "-r", project.toString(), seed.toString()), Map.of(), 60);
        deleteTree(seed.resolve("target"));
        run(seed, List.of("mvn", "-B", "-q", "-s", settings.toString(), "-Dmaven.repo.local=" + localRepository,
                "package"), mavenEnv(), 600);
        deleteTree(seed);
        // Drop every artifact that came from the archive's repository (Maven's _remote.repositories records it).
        List<Path> records;
        try (Stream<Path> files = Files.walk(localRepository)) {
            records = files.filter(f -> f.getFileName().toString().equals("_remote.repositories")).toList();
        }
        for (Path record : records) {
            String text = Files.readString(record);
            boolean onlyFromTheArchive = text.lines().filter(line -> line.contains(">"))
                    .allMatch(line -> line.contains(">jmcp-release="));
            if (onlyFromTheArchive) deleteTree(record.getParent());
            else Files.delete(record);
        }
        try (Stream<Path> files = Files.walk(localRepository)) {
            assertThat(files.filter(f -> f.toString().endsWith(".jar")))
                    .as("no jmcp artifact, Jackson or Jupiter is left in the seeded repository")
                    .noneMatch(f -> f.toString().contains("/dev/jmcp/") || f.toString().contains("jackson-databind")
                            || f.toString().contains("junit-jupiter-api"));
        }
    }

    /** The unpacked release and the seeded local repository, shared by the tests of this class. */
    private record Release(Path work, Path home, Path jmcp, Path localRepository, double unpackSeconds) {
    }

    private static Release release;

    private static synchronized Release release() throws Exception {
        if (release != null) return release;
        assertThat(ARCHIVE).as("the release archive (mvn package builds it)").isRegularFile();
        Path work = TARGET.resolve("new-plugin");
        deleteTree(work);
        Files.createDirectories(work);
        long start = System.nanoTime();
        run(work, List.of("tar", "-xzf", ARCHIVE.toString()), Map.of(), 120);
        double unpack = (System.nanoTime() - start) / 1e9;
        Path home = work.resolve("jmcp-" + VERSION);
        assertThat(home.resolve("repository/dev/jmcp/jmcp-plugin-api/" + VERSION)).isDirectory();
        release = new Release(work, home, home.resolve("bin/jmcp"), work.resolve("m2"), unpack);
        return release;
    }

    @Test
    void aNewcomerBuildsTestsAndServesAPluginWithTheReleaseArchiveAloneOffline() throws Exception {
        Release release = release();
        Path work = release.work();
        Path home = release.home();
        Path jmcp = release.jmcp();
        Path localRepository = release.localRepository();
        long unpacked = System.nanoTime();
        long start = unpacked - (long) (release.unpackSeconds() * 1e9);

        String created = run(work, List.of(jmcp.toString(), "new", "plugin", "shout"), Map.of(), 60);
        long generated = System.nanoTime();
        assertThat(created).contains("Created the plugin project");
        Path project = work.resolve("shout");
        String pom = Files.readString(project.resolve("pom.xml"));
        assertThat(pom).contains("<jmcp.version>" + VERSION + "</jmcp.version>",
                "<jmcp.repository>" + home.resolve("repository").toUri() + "</jmcp.repository>");

        long seedStart = System.nanoTime();
        seedMavenPlugins(project, localRepository);
        seeded = true;
        long seedTime = System.nanoTime() - seedStart;

        long buildStart = System.nanoTime();
        String built = run(project, List.of("mvn", "-B", "-o", "-Dmaven.repo.local=" + localRepository, "package"),
                mavenEnv(), 600);
        long packaged = System.nanoTime();
        // From the archive's repository, and from nowhere else (the build is offline).
        assertThat(built).contains("Downloaded from jmcp-release: " + home.resolve("repository").toUri()
                + "dev/jmcp/jmcp-plugin-api/");
        assertThat(built).doesNotContain("DEBUG").doesNotContain("TRACE").doesNotContain("java.lang.Throwable");
        Path jar = project.resolve("target/shout-1.0.0.jar");
        assertThat(jar).isRegularFile();
        String report = Files.readString(project.resolve("target/surefire-reports/TEST-com.example.shout.ShoutPluginTest.xml"));
        assertThat(report).contains("tests=\"2\"", "failures=\"0\"", "errors=\"0\"");
        Matcher testTime = Pattern.compile("<testsuite[^>]* time=\"([0-9.,]+)\"").matcher(report);
        assertThat(testTime.find()).isTrue();

        // The first build trained the test JVM's AOT cache before the tests (target/ had none), and recorded what on.
        assertThat(built).contains("Running dev.jmcp.testjvm.TestJvmTraining", "AOTCache creation is complete");
        Path cache = project.resolve("target/jmcp-test-jvm.aot");
        assertThat(cache).isRegularFile();
        assertThat(project.resolve("target/jmcp-test-jvm.aot.classpath")).content()
                .contains("/dev/jmcp/jmcp-plugin-testkit/" + VERSION + "/");
        var trained = Files.getLastModifiedTime(cache);
        // The next build's test JVM starts from it: the libraries' classes come from the cache, the project's own from
        // its folders (never from the cache, so an edit is always seen). JDK_JAVA_OPTIONS reaches every java started.
        Path classLoading = Files.createDirectories(project.resolve("target/class-load"));
        var logged = new HashMap<>(mavenEnv());
        logged.put("JDK_JAVA_OPTIONS", "-Xlog:class+load=info:file=" + classLoading + "/%p.log");
        long againStart = System.nanoTime();
        String again = run(project, List.of("mvn", "-B", "-o", "-Dmaven.repo.local=" + localRepository, "test"),
                logged, 600);
        long testedAgain = System.nanoTime();
        assertThat(again).doesNotContain("TestJvmTraining").contains("Tests run: 2, Failures: 0, Errors: 0");
        assertThat(Files.getLastModifiedTime(cache)).isEqualTo(trained);
        String testJvm;
        try (Stream<Path> logs = Files.list(classLoading)) {
            testJvm = logs.map(log -> {
                try {
                    return Files.readString(log);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).filter(log -> log.contains("com.example.shout.ShoutPluginTest source:")).findFirst().orElseThrow();
        }
        assertThat(testJvm).contains("dev.jmcp.plugin.testkit.PluginTestKit source: shared objects file",
                "com.fasterxml.jackson.databind.ObjectMapper source: shared objects file",
                "com.example.shout.ShoutPluginTest source: file:");
        String reportAgain = Files.readString(project.resolve(
                "target/surefire-reports/TEST-com.example.shout.ShoutPluginTest.xml"));
        Matcher testTimeAgain = Pattern.compile("<testsuite[^>]* time=\"([0-9.,]+)\"").matcher(reportAgain);
        assertThat(testTimeAgain.find()).isTrue();

        Path plugins = Files.createDirectories(work.resolve("plugins"));
        Files.copy(jar, plugins.resolve(jar.getFileName()));
        long liveStart = System.nanoTime();
        try (McpProcess server = McpProcess.start(List.of(jmcp.toString(), "serve", "-p", plugins.toString()),
                Map.of(), work)) {
            server.initialize("2025-11-25", Map.of());
            var tools = server.call("tools/list", Map.of());
            long live = System.nanoTime();
            assertThat(tools.toString()).contains("greet");
            var result = server.call("tools/call", Map.of("name", "greet", "arguments", Map.of("name", "Ada")));
            assertThat(result.toString()).contains("Hello, Ada!");
            System.out.printf("newcomer: unpack %.1f s, jmcp new plugin %.1f s, mvn -o package %.1f s (its 2 tests %s s"
                            + " in their JVM; the next mvn -o test %.1f s, its tests %s s), serve to tools/list %.1f s;"
                            + " %.1f s in all (plus %.1f s seeding Maven's own plugins)%n",
                    (unpacked - start) / 1e9, (generated - unpacked) / 1e9, (packaged - buildStart) / 1e9,
                    testTime.group(1), (testedAgain - againStart) / 1e9, testTimeAgain.group(1),
                    (live - liveStart) / 1e9,
                    ((unpacked - start) + (generated - unpacked) + (packaged - buildStart) + (live - liveStart)) / 1e9,
                    seedTime / 1e9);
        }
    }

    /**
     * {@code jmcp dev} on a generated project: it builds and serves the plugin; a changed tool description saved in the
     * source is rebuilt, reloaded (tools/list_changed) and seen in tools/list; a source that does not compile leaves
     * the last good version serving and the compiler's error on standard error, never on standard output, and in the
     * console (served over HTTP beside stdio, {@code -t --stdio}, to which dev adds the console). With no transport
     * option, {@code jmcp dev} serves HTTP with the console on a free port and says where.
     */
    @Test
    void jmcpDevRebuildsAndReloadsThePluginOnEverySave() throws Exception {
        Release release = release();
        Path project = release.work().resolve("echoes");
        run(release.work(), List.of(release.jmcp().toString(), "new", "plugin", "echoes"), Map.of(), 60);
        if (!seeded) {
            seedMavenPlugins(project, release.localRepository());
            seeded = true;
        }
        // Offline, with the local repository above: the same build a newcomer's 'jmcp dev' runs.
        Files.writeString(project.resolve(".mvn/maven.config"), "-o%n-Dmaven.repo.local=%s%n"
                .formatted(release.localRepository()), java.nio.file.StandardOpenOption.APPEND);
        Path source = project.resolve("src/main/java/com/example/echoes/EchoesPlugin.java");
        String original = Files.readString(source);
        Map<String, String> env = mavenEnv();
        int port = Distribution.freePort();
        var console = java.net.URI.create("http://127.0.0.1:" + port + "/console/api/state");
        var http = java.net.http.HttpClient.newHttpClient();
        try (McpProcess dev = McpProcess.start(List.of(release.jmcp().toString(), "dev", project.toString(), "-t",
                "--stdio", "--port", String.valueOf(port)), env, release.work())) {
            // The first build comes before the server answers: wait for it longer than a request's usual 20 s.
            var initialize = dev.sendRequest(dev.nextId(), "initialize", Map.of("protocolVersion", "2025-11-25",
                    "capabilities", Map.of(), "clientInfo", Map.of("name", "it", "version", "1")));
            assertThat(initialize.get(300, TimeUnit.SECONDS)).as(dev.stderr()).containsKey("result");
            dev.notify("notifications/initialized", null);
            assertThat(dev.call("tools/list", Map.of()).toString()).contains("Greets someone by name");
            assertThat(dev.stderr()).contains("jmcp dev: the console is at http://127.0.0.1:" + port + "/console/");

            long changesBefore = listChanged(dev);
            long saved = System.nanoTime();
            Files.writeString(source, original.replace("Greets someone by name", "Greets someone warmly"));
            awaitTools(dev, "Greets someone warmly", 300);
            long live = System.nanoTime();
            // The client was told, not only able to see it by asking: the notification may trail the list a little.
            long told = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (listChanged(dev) <= changesBefore) {
                assertThat(System.nanoTime()).as("no notifications/tools/list_changed after the save:\n"
                        + dev.notifications()).isLessThan(told);
                java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50)); // poll, bounded
            }
            System.out.printf("jmcp dev: save to live %.1f s (rebuild and reload)%n", (live - saved) / 1e9);
            assertThat(http.send(java.net.http.HttpRequest.newBuilder(console).GET().build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString()).body()).contains("\"build\":{\"ok\":true");

            // A save that does not compile: the error on stderr, the last good version still serving.
            int before = dev.stderr().length();
            Files.writeString(source, original.replace("Greets someone by name", "Greets someone warmly")
                    .replace("return greeting;", "return greeting"));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
            while (!dev.stderr().substring(before).contains("the last good version keeps serving")) {
                assertThat(System.nanoTime()).as("no build failure reported:\n" + dev.stderr()).isLessThan(deadline);
                dev.call("ping", Map.of()); // the server keeps answering meanwhile
                java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100)); // poll, bounded
            }
            assertThat(dev.stderr().substring(before)).contains("ERROR", "EchoesPlugin.java");
            assertThat(dev.call("tools/list", Map.of()).toString()).contains("Greets someone warmly");
            // The console shows the failed build with the compiler's error, and the last good version's tools.
            String state = http.send(java.net.http.HttpRequest.newBuilder(console).GET().build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString()).body();
            assertThat(state).contains("\"build\":{\"ok\":false", "EchoesPlugin.java", "Greets someone warmly");
            assertThat(dev.nonProtocolLines()).isEmpty();
        }

        // No option at all: HTTP on a port dev picks, the console on, and its address on standard error.
        Files.writeString(source, original);
        try (McpProcess dev = McpProcess.start(List.of(release.jmcp().toString(), "dev", project.toString()), env,
                release.work())) {
            Pattern said = Pattern.compile("jmcp dev: the console is at (http://127\\.0\\.0\\.1:\\d+/console/)");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
            Matcher address = said.matcher(dev.stderr());
            while (!address.find()) {
                assertThat(System.nanoTime()).as("no console address:\n" + dev.stderr()).isLessThan(deadline);
                assertThat(dev.isAlive()).as("jmcp dev ended:\n" + dev.stderr()).isTrue();
                java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100)); // poll, bounded
                address = said.matcher(dev.stderr());
            }
            var state = java.net.URI.create(address.group(1)).resolve("api/state");
            String body = "";
            while (!body.contains("Greets someone by name")) {
                assertThat(System.nanoTime()).as("the console never listed the tool: " + body + "\n" + dev.stderr())
                        .isLessThan(deadline);
                java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100)); // poll, bounded
                try {
                    body = http.send(java.net.http.HttpRequest.newBuilder(state).GET().build(),
                            java.net.http.HttpResponse.BodyHandlers.ofString()).body();
                } catch (java.io.IOException notYetListening) {
                    // the server starts just after dev prints the address
                }
            }
            assertThat(dev.nonProtocolLines()).as("nothing on standard output when serving HTTP only").isEmpty();
        }
    }

    /** How many notifications/tools/list_changed the process has sent so far. */
    private static long listChanged(McpProcess server) {
        return server.notifications().stream()
                .filter(n -> "notifications/tools/list_changed".equals(n.get("method"))).count();
    }

    /** Waits for tools/list_changed notifications until tools/list holds {@code text}, {@code seconds} at most. */
    private static void awaitTools(McpProcess server, String text, long seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (true) {
            if (server.call("tools/list", Map.of()).toString().contains(text)) return;
            assertThat(System.nanoTime()).as("tools/list without '" + text + "' after " + seconds + " s:\n"
                    + server.stderr()).isLessThan(deadline);
            try {
                server.awaitNotification("notifications/tools/list_changed");
            } catch (AssertionError noneYet) {
                // none within 20 s: the build is still running; look again until the deadline
            }
        }
    }

    /**
     * Each example plugin the archive ships builds in place, offline, with its jmcp artifacts and libraries from the
     * archive's repository, and its tests pass: {@code notes} (a resource template with completion), {@code coffee}
     * (elicitation), {@code rates} (a web API, with Jackson bundled into its JAR).
     */
    @ParameterizedTest(name = "examples/{0}")
    @CsvSource({"notes, NotesPluginTest, 3", "coffee, CoffeePluginTest, 3", "rates, RatesPluginTest, 3"})
    void theShippedExamplePluginsBuildFromTheArchivesRepository(String name, String test, int tests) throws Exception {
        Path example = buildExample(name);
        assertThat(example.resolve("target/surefire-reports/TEST-com.example." + name + "." + test + ".xml")).content()
                .contains("tests=\"" + tests + "\"", "failures=\"0\"", "errors=\"0\"");
    }

    /** Builds examples/NAME of the unpacked release offline, its jmcp artifacts from the archive; returns its folder. */
    private static Path buildExample(String name) throws Exception {
        Release release = release();
        Path example = release.home().resolve("examples/" + name);
        assertThat(Files.readString(example.resolve("pom.xml"))).contains("<jmcp.version>" + VERSION + "</jmcp.version>");
        synchronized (NewPluginIT.class) {
            if (!seeded) {
                seedMavenPlugins(example, release.localRepository());
                seeded = true;
            }
        }
        if (Files.isRegularFile(example.resolve("target/" + name + "-1.0.0.jar"))) return example;
        // jmcp's own artifacts must come from the repository the example names (a path relative to it).
        deleteTree(release.localRepository().resolve("dev/jmcp"));
        String built = run(example, List.of("mvn", "-B", "-o", "-Dmaven.repo.local=" + release.localRepository(),
                "package"), mavenEnv(), 600);
        assertThat(built).contains("Downloaded from jmcp-release");
        assertThat(example.resolve("target/" + name + "-1.0.0.jar")).isRegularFile();
        return example;
    }

    /**
     * The web API example as a user runs it: its built JAR (Jackson bundled, the plugin API not) served by the
     * release's {@code jmcp serve}, configured by RATES_BASE_URL to call an HTTP server this test runs on 127.0.0.1.
     */
    @Test
    void theWebApiExampleServedByTheReleaseCallsItsServiceWithItsBundledLibrary() throws Exception {
        Path example = buildExample("rates");
        Path jar = example.resolve("target/rates-1.0.0.jar");
        try (var entries = new java.util.jar.JarFile(jar.toFile())) {
            assertThat(entries.getEntry("com/fasterxml/jackson/databind/ObjectMapper.class")).isNotNull();
            assertThat(entries.getEntry("dev/jmcp/plugin/Plugin.class")).as("the plugin API is the server's").isNull();
        }
        Path plugins = Files.createDirectories(release().work().resolve("rates-plugins"));
        Files.copy(jar, plugins.resolve(jar.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        var asked = new java.util.concurrent.CopyOnWriteArrayList<String>();
        HttpServer api = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        api.createContext("/v1/latest", exchange -> {
            asked.add(exchange.getRequestURI().getQuery());
            byte[] body = "{\"amount\":2.0,\"base\":\"EUR\",\"date\":\"2026-11-26\",\"rates\":{\"JPY\":321.5}}"
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (var out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        api.start();
        try (McpProcess server = McpProcess.start(List.of(release().jmcp().toString(), "serve", "-p", plugins.toString()),
                Map.of("RATES_BASE_URL", "http://127.0.0.1:" + api.getAddress().getPort() + "/v1"), release().work())) {
            server.initialize("2025-11-25", Map.of());
            var result = server.call("tools/call", Map.of("name", "convert",
                    "arguments", Map.of("amount", 2, "from", "EUR", "to", "JPY")));
            assertThat(result.toString()).contains("321.5").doesNotContain("isError=true");
            assertThat(asked).containsExactly("amount=2.0&base=EUR&symbols=JPY");
        } finally {
            api.stop(0);
        }
    }
}
