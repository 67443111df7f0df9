import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;

/**
 * Build step of jmcp-dist, run by Maven with the toolchain's JDK 25 as a source-file program:
 * {@code java AssembleRuntime.java <home> <extra-module,...>}. It finds the JDK modules the JARs in
 * {@code <home>/lib} need (jdeps), adds the extra modules plugins commonly use, builds {@code <home>/runtime} with
 * jlink from scratch (a previous image is deleted first, so the step can run again), and makes {@code <home>/bin/*}
 * executable. It runs jdeps and jlink through {@link ToolProvider}, so they always come from the JDK running this
 * program, never from the PATH. Fails the build (exit 1) on any error.
 */
public final class AssembleRuntime {

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: java AssembleRuntime.java <jmcp-home> [extra-module,...]");
            System.exit(1);
        }
        Path home = Path.of(args[0]).toAbsolutePath();
        Set<String> modules = new TreeSet<>(requiredModules(home.resolve("lib")));
        // Tool search's libraries (lib/tool-search, loaded only when it is on) need their JDK modules in the image too.
        if (Files.isDirectory(home.resolve("lib/tool-search"))) {
            modules.addAll(requiredModulesEach(home.resolve("lib/tool-search")));
        }
        if (args.length > 1) {
            for (String module : args[1].split(",")) {
                if (!module.isBlank()) modules.add(module.strip());
            }
        }
        Path runtime = home.resolve("runtime");
        String[] jlink = {"--add-modules", String.join(",", modules), "--output", runtime.toString(),
                "--strip-debug", "--no-header-files", "--no-man-pages", "--compress=zip-6",
                // The default CDS archive of the JDK's own classes: without it every start loads java.base anew.
                "--generate-cds-archive"};
        for (int attempt = 1; ; attempt++) {
            deleteTree(runtime);
            try {
                run("jlink", jlink);
                break;
            } catch (IllegalStateException e) {
                // JDK 25.0.3's -Xshare:dump, which --generate-cds-archive runs, now and then dies at start-up with a
                // SIGSEGV in AOTClassLocationConfig::dumptime_init_helper (about one build in a dozen on a 2-core
                // machine); the same command then succeeds. Any other failure, or a third crash, fails the build.
                if (attempt == 3 || !e.getMessage().contains("Failed creating CDS archive")) throw e;
                System.err.println("jlink: the JDK crashed while creating the CDS archive; building the image again ("
                        + e.getMessage().strip().lines().findFirst().orElse("") + ")");
            }
        }
        makeExecutable(home.resolve("bin"));
        System.out.println("jmcp runtime image: " + runtime + " with " + String.join(",", modules));
        ArchivableClasses.upgrade(home.resolve("lib"));
        trainAotCaches(home);
    }

    /** The time every file of {@code lib/} gets before training; {@code bin/jmcp} sets it back on a copy. */
    static final FileTime LIB_TIME = FileTime.from(Instant.parse("2000-01-01T00:00:00Z"));

    /** What the training run is asked over stdio: the first requests of a typical client, in its order. */
    private static final List<String> TRAINING_REQUESTS = List.of(
            """
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},\
            "clientInfo":{"name":"aot-training","version":"1"}}}""",
            """
            {"jsonrpc":"2.0","method":"notifications/initialized"}""",
            """
            {"jsonrpc":"2.0","id":2,"method":"tools/list"}""",
            """
            {"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"sleep","arguments":{"milliseconds":1}}}""",
            """
            {"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"training_echo","arguments":{"text":"hi"}}}""",
            """
            {"jsonrpc":"2.0","id":7,"method":"prompts/list"}""",
            """
            {"jsonrpc":"2.0","id":5,"method":"resources/list"}""",
            """
            {"jsonrpc":"2.0","id":6,"method":"ping"}""");

    /**
     * Writes the JDK's ahead-of-time caches of loaded and linked classes into {@code lib/}: {@code jmcp.aot} from a
     * training run of {@code bin/jmcp serve} over stdio, and {@code jmcp-http.aot} from one serving Streamable HTTP
     * with stdio beside it ({@code -t --stdio}), each answering the first requests of a client (initialize,
     * tools/list, tools/call, ...) until standard input ends. Two caches, because the JVM maps and links every class of
     * its cache at each start: Jetty's would cost a stdio start about 20 ms, and without them an HTTP start spends
     * 150 ms loading them (bench/RESULTS.md); the launcher picks by the transport flags. The JVM accepts a cache only
     * while the JARs keep the times they had at training, so every file of {@code lib/} is set to {@link #LIB_TIME}
     * first (and the caches after). A missing or stale cache only costs start-up time, so a failed training warns.
     */
    private static void trainAotCaches(Path home) throws IOException, InterruptedException {
        Path lib = home.resolve("lib");
        Files.deleteIfExists(lib.resolve("jmcp.aot"));
        Files.deleteIfExists(lib.resolve("jmcp-http.aot"));
        setLibTimes(lib);
        Path plugins = trainingPlugins(home);
        try {
            train(home, lib.resolve("jmcp.aot"), plugins, false);
            train(home, lib.resolve("jmcp-http.aot"), plugins, true);
        } finally {
            deleteTree(plugins);
        }
        recordTrainedJars(lib);
        setLibTimes(lib);
    }

    /**
     * What the caches were trained on, for bin/jmcp to check before it uses one: {@code jmcp.aot.jars}, how many JARs
     * and their names on one line (the count checked on every start, with shell built-ins only), and {@code jmcp.aot.sha256}, their
     * digests in {@code sha256sum} format (checked only when a JAR's time says it may have changed). The JVM's own
     * check goes by file times, which a JAR replaced by hand may keep, so bin/jmcp does not rely on it alone.
     */
    private static void recordTrainedJars(Path lib) throws IOException {
        List<Path> jars;
        try (var files = Files.list(lib)) {
            jars = files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList();
        }
        var names = new StringBuilder().append(jars.size());
        var digests = new StringBuilder();
        for (Path jar : jars) {
            String name = jar.getFileName().toString();
            names.append(' ').append(name);
            byte[] digest;
            try {
                digest = java.security.MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(jar));
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new IllegalStateException("every JDK has SHA-256", e);
            }
            digests.append(java.util.HexFormat.of().formatHex(digest)).append("  ").append(name).append('\n');
        }
        Files.writeString(lib.resolve("jmcp.aot.jars"), names.append('\n'));
        Files.writeString(lib.resolve("jmcp.aot.sha256"), digests);
    }

    /** One training run writing {@code cache}: over stdio, and with {@code http} over Streamable HTTP beside it. */
    private static void train(Path home, Path cache, Path plugins, boolean http)
            throws IOException, InterruptedException {
        Path log = Files.createTempFile("jmcp-aot-training", ".log");
        int port;
        try (var socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        List<String> command = new ArrayList<>(List.of(home.resolve("bin/jmcp").toString(), "serve"));
        if (http) command.addAll(List.of("-t", "--stdio", "--port", Integer.toString(port)));
        command.addAll(List.of("-p", plugins.toString()));
        ProcessBuilder training = new ProcessBuilder(command).redirectError(log.toFile());
        training.environment().put("JMCP_OPTS", "-XX:AOTCacheOutput=" + cache);
        training.environment().remove("JAVA_OPTS");
        Process process = training.start();
        int answered = 0;
        try (var in = new java.io.BufferedReader(new java.io.InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
             var out = process.getOutputStream()) {
            for (String request : TRAINING_REQUESTS) {
                out.write((request + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
                if (!request.contains("\"id\"")) continue;
                // One answer per request before the next, as a client waits for initialize; notifications between
                // answers (list_changed, logging) are read past.
                for (String line; (line = in.readLine()) != null; ) {
                    if (line.contains("\"result\"") || line.contains("\"error\"")) {
                        answered++;
                        break;
                    }
                }
            }
            if (http) answered += trainOverHttp(port);
        } catch (IOException e) {
            System.out.println("[WARNING] AOT training run stopped early: " + e);
        }
        boolean finished = process.waitFor(120, java.util.concurrent.TimeUnit.SECONDS);
        if (!finished) process.destroyForcibly().waitFor();
        if (Files.isRegularFile(cache)) {
            System.out.println("jmcp AOT cache: " + cache + " (" + Files.size(cache) / 1024 + " KiB, trained on "
                    + answered + " answered requests)");
            Files.delete(log);
        } else {
            System.out.println("[WARNING] no AOT cache " + cache.getFileName() + " was created (jmcp still works, "
                    + "starting slower); training log: " + log);
        }
    }

    /** What the training run is asked over HTTP: a 2025 session's first requests, then a 2026-07-28 call. */
    private static final List<String> TRAINING_HTTP_REQUESTS = List.of(
            """
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},\
            "clientInfo":{"name":"aot-training","version":"1"}}}""",
            """
            {"jsonrpc":"2.0","method":"notifications/initialized"}""",
            """
            {"jsonrpc":"2.0","id":2,"method":"tools/list"}""",
            """
            {"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"training_echo","arguments":{"text":"hi"}}}""",
            """
            {"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"training_echo","arguments":{"text":"hi"},\
            "_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":\
            {"name":"aot-training","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}}}""");

    /**
     * Sends {@link #TRAINING_HTTP_REQUESTS} to the training run's Streamable HTTP port, waiting for it to listen;
     * returns how many were answered with a result.
     */
    private static int trainOverHttp(int port) throws IOException, InterruptedException {
        var client = java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_1_1).build();
        var endpoint = java.net.URI.create("http://127.0.0.1:" + port + "/mcp");
        String session = null;
        int answered = 0;
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
        for (String body : TRAINING_HTTP_REQUESTS) {
            boolean stateless = body.contains("2026-07-28");
            var request = java.net.http.HttpRequest.newBuilder(endpoint)
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofString(body));
            if (stateless) {
                request.header("MCP-Protocol-Version", "2026-07-28").header("Mcp-Method", "tools/call")
                        .header("Mcp-Name", "training_echo");
            } else if (session != null) {
                request.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-11-25");
            }
            while (true) {
                try {
                    var response = client.send(request.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
                    if (session == null && !stateless) {
                        session = response.headers().firstValue("Mcp-Session-Id").orElse(null);
                    }
                    if (response.body().contains("\"result\"")) answered++;
                    break;
                } catch (java.net.ConnectException e) {
                    // Not listening yet.
                    if (System.nanoTime() > deadline) throw e;
                    Thread.sleep(20);
                }
            }
        }
        return answered;
    }

    /**
     * A temporary plugins folder for the training run: the bundled plugins, none of which declares its tools with
     * annotations, and a one-tool plugin that does ({@code @McpTool training_echo(text)}, compiled here against
     * {@code lib/}), so the cache also holds the classes of the annotated path most users' plugins take (schema
     * generation from the method, argument binding).
     */
    private static Path trainingPlugins(Path home) throws IOException {
        Path plugins = Files.createTempDirectory("jmcp-aot-training-plugins");
        try (Stream<Path> jars = Files.list(home.resolve("plugins"))) {
            for (Path jar : jars.filter(p -> p.toString().endsWith(".jar")).toList()) {
                Files.copy(jar, plugins.resolve(jar.getFileName()));
            }
        }
        Path work = Files.createTempDirectory("jmcp-aot-training-source");
        try {
            Path source = work.resolve("src/jmcp/training/TrainingPlugin.java");
            Files.createDirectories(source.getParent());
            Files.writeString(source, """
                    package jmcp.training;

                    public final class TrainingPlugin implements dev.jmcp.plugin.Plugin {
                        @Override
                        public void register(dev.jmcp.plugin.Registrar registrar) {
                            registrar.annotated(this);
                        }

                        @dev.jmcp.plugin.McpTool(description = "Returns its text")
                        public String training_echo(@dev.jmcp.plugin.Arg(description = "Some text") String text) {
                            return text;
                        }
                    }
                    """);
            Path classes = Files.createDirectories(work.resolve("classes"));
            String classpath;
            try (Stream<Path> jars = Files.list(home.resolve("lib"))) {
                classpath = String.join(java.io.File.pathSeparator,
                        jars.filter(p -> p.toString().endsWith(".jar")).map(Path::toString).toList());
            }
            var compiler = javax.tools.ToolProvider.getSystemJavaCompiler();
            if (compiler == null) return plugins;
            int code = compiler.run(null, null, null, "-parameters", "-proc:none", "-cp", classpath, "-d",
                    classes.toString(), source.toString());
            if (code != 0) {
                System.out.println("[WARNING] the AOT training plugin did not compile; training without it");
                return plugins;
            }
            var manifest = new java.util.jar.Manifest();
            manifest.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
            try (var jar = new java.util.jar.JarOutputStream(
                    Files.newOutputStream(plugins.resolve("aot-training.jar")), manifest)) {
                jar.putNextEntry(new java.util.jar.JarEntry("META-INF/services/dev.jmcp.plugin.Plugin"));
                jar.write("jmcp.training.TrainingPlugin\n".getBytes(StandardCharsets.UTF_8));
                jar.closeEntry();
                jar.putNextEntry(new java.util.jar.JarEntry("jmcp/training/TrainingPlugin.class"));
                jar.write(Files.readAllBytes(classes.resolve("jmcp/training/TrainingPlugin.class")));
                jar.closeEntry();
            }
        } finally {
            deleteTree(work);
        }
        return plugins;
    }

    private static void setLibTimes(Path lib) throws IOException {
        try (Stream<Path> files = Files.list(lib)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) Files.setLastModifiedTime(f, LIB_TIME);
        }
    }

    private static Set<String> requiredModules(Path lib) throws IOException {
        List<String> jars;
        try (Stream<Path> files = Files.list(lib)) {
            jars = files.filter(f -> f.toString().endsWith(".jar")).map(Path::toString).sorted().toList();
        }
        if (jars.isEmpty()) throw new IllegalStateException("no JARs in " + lib);
        // lib/ as the module path too: a modular JAR there (OpenTelemetry's Prometheus exporter) names the modules it
        // requires, which jdeps must find; the launcher still puts every JAR on the class path.
        List<String> jdeps = new ArrayList<>(List.of("--print-module-deps", "--ignore-missing-deps",
                "--multi-release", Integer.toString(Runtime.version().feature()), "--module-path", lib.toString()));
        jdeps.addAll(jars);
        Set<String> modules = new TreeSet<>();
        // The module list is the last line; split-package warnings may come before it.
        List<String> lines = run("jdeps", jdeps.toArray(String[]::new)).strip().lines().toList();
        for (String module : lines.getLast().split(",")) {
            if (!module.isBlank()) modules.add(module.strip());
        }
        return modules;
    }

    /**
     * The JDK modules the JARs of {@code lib} need, asked of jdeps one JAR at a time: a modular JAR there may require a
     * module that is not shipped because nothing uses that part of it (DJL's commons-compress names commons-lang3),
     * which makes jdeps refuse the whole folder. Such a JAR is analysed as a plain JAR instead.
     */
    private static Set<String> requiredModulesEach(Path lib) throws IOException {
        List<Path> jars;
        try (Stream<Path> files = Files.list(lib)) {
            jars = files.filter(f -> f.toString().endsWith(".jar")).sorted().toList();
        }
        Set<String> modules = new TreeSet<>();
        for (Path jar : jars) {
            String printed;
            try {
                printed = run("jdeps", "--print-module-deps", "--ignore-missing-deps", "--multi-release",
                        Integer.toString(Runtime.version().feature()), "--module-path", lib.toString(), jar.toString());
            } catch (IllegalStateException refused) {
                printed = run("jdeps", "--print-module-deps", "--ignore-missing-deps", "--multi-release",
                        Integer.toString(Runtime.version().feature()), "--class-path", jar.toString(),
                        unpackedCopy(jar).toString());
            }
            for (String module : printed.strip().lines().toList().getLast().split(",")) {
                // Only the JDK's own: a JAR's fellow JARs on the module path are named too.
                String name = module.strip();
                if (!name.isBlank() && java.lang.module.ModuleFinder.ofSystem().find(name).isPresent()) modules.add(name);
            }
        }
        return modules;
    }

    /** {@code jar} without its module descriptor, so that jdeps reads it as a plain JAR. */
    private static Path unpackedCopy(Path jar) throws IOException {
        Path copy = Files.createTempFile("jdeps-", ".jar");
        copy.toFile().deleteOnExit();
        try (var in = new java.util.zip.ZipInputStream(Files.newInputStream(jar));
             var out = new java.util.zip.ZipOutputStream(Files.newOutputStream(copy))) {
            for (var entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                if (entry.getName().endsWith("module-info.class")) continue;
                out.putNextEntry(new java.util.zip.ZipEntry(entry.getName()));
                in.transferTo(out);
                out.closeEntry();
            }
        }
        return copy;
    }

    private static String run(String tool, String... args) {
        ToolProvider provider = ToolProvider.findFirst(tool)
                .orElseThrow(() -> new IllegalStateException(tool + " is missing from " + System.getProperty("java.home")));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = provider.run(o, e, args);
        }
        if (code != 0) {
            throw new IllegalStateException(tool + " failed with exit code " + code + ":\n"
                    + out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8));
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) return;
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    private static void makeExecutable(Path bin) throws IOException {
        if (!Files.isDirectory(bin)) return;
        try (Stream<Path> files = Files.list(bin)) {
            for (Path f : files.toList()) {
                Set<PosixFilePermission> permissions = EnumSet.copyOf(Files.getPosixFilePermissions(f));
                permissions.addAll(Set.of(PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.GROUP_EXECUTE,
                        PosixFilePermission.OTHERS_EXECUTE));
                Files.setPosixFilePermissions(f, permissions);
            }
        }
    }
}
