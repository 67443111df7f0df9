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
        trainAotCache(home);
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
     * Writes {@code lib/jmcp.aot}, the JDK's ahead-of-time cache of loaded and linked classes, from one training run
     * of {@code bin/jmcp serve} over the bundled plugins that answers the first requests of a client (initialize,
     * tools/list, tools/call, ...) and then sees standard input end. The JVM accepts the cache only while the JARs keep
     * the times they had at training, so every file of {@code lib/} is set to {@link #LIB_TIME} first (and the cache
     * after). The launcher uses the cache when present; a missing or stale cache only costs start-up time, so a failed
     * training warns instead of failing.
     */
    private static void trainAotCache(Path home) throws IOException, InterruptedException {
        Path lib = home.resolve("lib");
        Path cache = lib.resolve("jmcp.aot");
        Files.deleteIfExists(cache);
        setLibTimes(lib);
        Path log = Files.createTempFile("jmcp-aot-training", ".log");
        Path plugins = trainingPlugins(home);
        ProcessBuilder training = new ProcessBuilder(home.resolve("bin/jmcp").toString(), "serve", "-p",
                plugins.toString())
                .redirectError(log.toFile());
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
        } catch (IOException e) {
            System.out.println("[WARNING] AOT training run stopped early: " + e);
        }
        boolean finished = process.waitFor(120, java.util.concurrent.TimeUnit.SECONDS);
        if (!finished) process.destroyForcibly().waitFor();
        deleteTree(plugins);
        if (Files.isRegularFile(cache)) {
            setLibTimes(lib);
            System.out.println("jmcp AOT cache: " + cache + " (" + Files.size(cache) / 1024 + " KiB, trained on "
                    + answered + " answered requests)");
            Files.delete(log);
        } else {
            System.out.println("[WARNING] no AOT cache was created (jmcp still works, starting slower); training log: "
                    + log);
        }
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
