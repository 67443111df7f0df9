package dev.jmcp.plugin.testkit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Packs a folder of compiled classes and resources into a plugin JAR, the form the server loads, with the libraries
 * the plugin bundles flattened into it as the shade plugin does for the built JAR: the first of two entries of the
 * same name wins, except service files, which are joined; signatures and the libraries' manifests are left out.
 * Stateless.
 */
final class PluginJar {
    private static final String SERVICES = "META-INF/services/";
    /**
     * Every entry's time, fixed: an entry without one gets the clock's, which the zip format stores as local time, and
     * converting to it loads the JDK's time-zone rules (its tzdb file and some 20 classes) in a test JVM that has no
     * other use for them. It also makes the same classes the same JAR.
     */
    private static final LocalDateTime TIME = LocalDateTime.of(2000, 1, 1, 0, 0);

    private PluginJar() {
    }

    static void pack(Path classes, Path jar) throws IOException {
        pack(classes, List.of(), jar);
    }

    /** {@code libraries}: JARs or folders of classes, in the order their entries are taken. */
    static void pack(Path classes, List<Path> libraries, Path jar) throws IOException {
        Path manifestFile = classes.resolve("META-INF/MANIFEST.MF");
        Manifest manifest = new Manifest();
        if (Files.isRegularFile(manifestFile)) {
            try (var in = Files.newInputStream(manifestFile)) {
                manifest.read(in);
            }
        }
        manifest.getMainAttributes().putIfAbsent(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        Map<String, byte[]> entries = new LinkedHashMap<>();
        add(classes, entries);
        for (Path library : libraries) add(library, entries);
        try (OutputStream out = Files.newOutputStream(jar); var zip = new JarOutputStream(out)) {
            // The manifest first, as JarOutputStream(out, manifest) writes it, but with the fixed time.
            var manifestEntry = new JarEntry(JarFile.MANIFEST_NAME);
            manifestEntry.setTimeLocal(TIME);
            zip.putNextEntry(manifestEntry);
            manifest.write(zip);
            zip.closeEntry();
            for (var entry : entries.entrySet()) {
                var jarEntry = new JarEntry(entry.getKey());
                jarEntry.setTimeLocal(TIME);
                zip.putNextEntry(jarEntry);
                zip.write(entry.getValue());
                zip.closeEntry();
            }
        }
    }

    private static void add(Path source, Map<String, byte[]> entries) throws IOException {
        if (Files.isDirectory(source)) {
            try (var files = Files.walk(source)) {
                for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                    put(source.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file), entries);
                }
            }
            return;
        }
        try (var library = new JarFile(source.toFile())) {
            for (JarEntry entry : library.stream().filter(e -> !e.isDirectory()).toList()) {
                try (var in = library.getInputStream(entry)) {
                    put(entry.getName(), in.readAllBytes(), entries);
                }
            }
        }
    }

    private static void put(String name, byte[] bytes, Map<String, byte[]> entries) {
        String upper = name.toUpperCase(java.util.Locale.ROOT);
        if (upper.equals("META-INF/MANIFEST.MF") || upper.startsWith("META-INF/") && (upper.endsWith(".SF")
                || upper.endsWith(".RSA") || upper.endsWith(".DSA") || upper.endsWith(".EC"))) {
            return;
        }
        byte[] earlier = entries.get(name);
        if (earlier == null) {
            entries.put(name, bytes);
        } else if (name.startsWith(SERVICES)) {
            var joined = new ByteArrayOutputStream();
            joined.writeBytes(earlier);
            if (earlier.length > 0 && earlier[earlier.length - 1] != '\n') joined.write('\n');
            joined.writeBytes(bytes);
            entries.put(name, joined.toByteArray());
        }
    }
}
