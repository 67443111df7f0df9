package dev.jmcp.testjvm;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.jar.Attributes;
import java.util.jar.JarFile;

/**
 * The AOT cache a plugin project's test JVM starts from ({@code -XX:AOTCache}, JDK 25), named by the system property
 * {@value #PROPERTY}, and the record of what it was trained on, beside it. JDK 25 does not check the class path of a
 * cache written in one step ({@code -XX:AOTCacheOutput}) when it maps it: a JAR changed, renamed or gone since the
 * training, even a folder in front holding the same class, and the JVM still runs the classes the cache holds. So
 * {@link TestJvmTraining} records the JDK and every JAR of its class path (size, time, path), and each test JVM
 * given the property compares ({@link #check}). Stateless.
 */
final class TestJvmCache {
    /** The system property naming the cache; set in the test JVM's options with {@code -XX:AOTCache}. */
    static final String PROPERTY = "jmcp.test-jvm.cache";

    private TestJvmCache() {
    }

    /** The cache this JVM was told of, if any. */
    static Optional<Path> configured() {
        String path = System.getProperty(PROPERTY);
        return path == null || path.isBlank() ? Optional.empty() : Optional.of(Path.of(path));
    }

    /** Where the record of a cache's training is kept. */
    static Path record(Path cache) {
        return cache.resolveSibling(cache.getFileName() + ".classpath");
    }

    /** Records that {@code cache} is trained by this JVM: its JDK and its class path's JARs. */
    static void recordTraining(Path cache) throws IOException {
        Files.writeString(record(cache), fingerprint(), StandardCharsets.UTF_8);
    }

    /**
     * Compares this JVM's JDK and JARs with those the cache it was told of was trained on. The same: nothing to do. Not
     * the same: the cache and its record are deleted, so that the next build trains a new one; and when this JVM did
     * start from the cache (it says "sharing"), it runs the old classes, so this throws rather than let tests run on
     * them. A JVM that refused the cache (another JDK) ran none of it: then deleting is all.
     *
     * @throws IllegalStateException when this JVM runs classes of a cache trained on other JARs
     */
    static void check() throws IOException {
        Optional<Path> configured = configured();
        if (configured.isPresent()) {
            check(configured.get(), System.getProperty("java.vm.info", "").contains("sharing"));
        }
    }

    /** As {@link #check()}, for {@code cache}; {@code mapped}: whether this JVM started from it. */
    static void check(Path cache, boolean mapped) throws IOException {
        if (!Files.isRegularFile(cache)) return;
        Path record = record(cache);
        String trained = Files.isRegularFile(record) ? Files.readString(record, StandardCharsets.UTF_8) : "";
        if (trained.equals(fingerprint())) return;
        Files.deleteIfExists(cache);
        Files.deleteIfExists(record);
        if (mapped) {
            throw new IllegalStateException("this test JVM started from " + cache + ", an AOT cache trained on other "
                    + "libraries or another JDK than these tests have, and JDK 25 runs the classes such a cache holds "
                    + "without checking: it is deleted now. Run the tests again; the next build trains a new cache.");
        }
    }

    /**
     * The JDK, and the size, time and path of each JAR on this JVM's class path, one a line. Under Surefire the class
     * path the JVM itself was given is a JAR whose manifest lists it (Surefire's own JARs too), and
     * {@code java.class.path} lists the tests' class path: both are taken. Folders are left out: the training has
     * none, and their classes never come from the cache.
     */
    static String fingerprint() throws IOException {
        var entries = new LinkedHashSet<Path>();
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!entry.isBlank()) entries.add(Path.of(entry).toAbsolutePath().normalize());
        }
        String booter = System.getProperty("surefire.real.class.path");
        if (booter != null && booter.endsWith(".jar") && Files.isRegularFile(Path.of(booter))) {
            Path jar = Path.of(booter).toAbsolutePath();
            try (var file = new JarFile(jar.toFile())) {
                var manifest = file.getManifest();
                String classPath = manifest == null ? null
                        : manifest.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
                if (classPath != null) {
                    for (String url : classPath.trim().split(" +")) {
                        entries.add(Path.of(jar.getParent().toUri().resolve(url)).normalize());
                    }
                }
            }
        }
        List<String> lines = new ArrayList<>();
        lines.add(System.getProperty("java.home") + " " + System.getProperty("java.vm.version"));
        for (Path entry : entries) {
            if (!Files.isRegularFile(entry)) continue;
            lines.add(Files.size(entry) + " " + Files.getLastModifiedTime(entry).toMillis() + " " + entry);
        }
        return String.join("\n", lines) + "\n";
    }
}
