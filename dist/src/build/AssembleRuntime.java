import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
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
        deleteTree(runtime);
        run("jlink", "--add-modules", String.join(",", modules), "--output", runtime.toString(),
                "--strip-debug", "--no-header-files", "--no-man-pages", "--compress=zip-6",
                // The default CDS archive of the JDK's own classes: without it every start loads java.base anew.
                "--generate-cds-archive");
        makeExecutable(home.resolve("bin"));
        System.out.println("jmcp runtime image: " + runtime + " with " + String.join(",", modules));
        trainAotCache(home);
    }

    /**
     * Writes {@code lib/jmcp.aot}, the JDK's ahead-of-time cache of loaded and linked classes, from one training run
     * of {@code bin/jmcp serve} over the bundled plugins with standard input closed. The launcher uses the cache when
     * present; a missing or stale cache only costs start-up time, so a failed training warns instead of failing.
     */
    private static void trainAotCache(Path home) throws IOException, InterruptedException {
        Path cache = home.resolve("lib/jmcp.aot");
        Files.deleteIfExists(cache);
        Path log = Files.createTempFile("jmcp-aot-training", ".log");
        ProcessBuilder training = new ProcessBuilder(home.resolve("bin/jmcp").toString(), "serve", "-p",
                home.resolve("plugins").toString())
                .redirectOutput(log.toFile())
                .redirectErrorStream(true);
        training.environment().put("JMCP_OPTS", "-XX:AOTCacheOutput=" + cache);
        training.environment().remove("JAVA_OPTS");
        Process process = training.start();
        process.getOutputStream().close(); // standard input ends at once: serve answers nothing and exits
        boolean finished = process.waitFor(120, java.util.concurrent.TimeUnit.SECONDS);
        if (!finished) process.destroyForcibly().waitFor();
        if (Files.isRegularFile(cache)) {
            System.out.println("jmcp AOT cache: " + cache + " (" + Files.size(cache) / 1024 + " KiB)");
            Files.delete(log);
        } else {
            System.out.println("[WARNING] no AOT cache was created (jmcp still works, starting slower); training log: "
                    + log);
        }
    }

    private static Set<String> requiredModules(Path lib) throws IOException {
        List<String> jars;
        try (Stream<Path> files = Files.list(lib)) {
            jars = files.filter(f -> f.toString().endsWith(".jar")).map(Path::toString).sorted().toList();
        }
        if (jars.isEmpty()) throw new IllegalStateException("no JARs in " + lib);
        List<String> jdeps = new ArrayList<>(List.of("--print-module-deps", "--ignore-missing-deps",
                "--multi-release", Integer.toString(Runtime.version().feature())));
        jdeps.addAll(jars);
        Set<String> modules = new TreeSet<>();
        for (String module : run("jdeps", jdeps.toArray(String[]::new)).strip().split(",")) {
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
