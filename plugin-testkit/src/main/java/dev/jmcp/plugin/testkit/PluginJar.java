package dev.jmcp.plugin.testkit;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/** Packs a folder of compiled classes and resources into a plugin JAR, the form the server loads. Stateless. */
final class PluginJar {
    private PluginJar() {
    }

    static void pack(Path classes, Path jar) throws IOException {
        Path manifestFile = classes.resolve("META-INF/MANIFEST.MF");
        Manifest manifest = new Manifest();
        if (Files.isRegularFile(manifestFile)) {
            try (var in = Files.newInputStream(manifestFile)) {
                manifest.read(in);
            }
        }
        manifest.getMainAttributes().putIfAbsent(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        try (OutputStream out = Files.newOutputStream(jar); var zip = new JarOutputStream(out, manifest);
             var files = Files.walk(classes)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                String name = classes.relativize(file).toString().replace('\\', '/');
                if (name.equals("META-INF/MANIFEST.MF")) continue;
                zip.putNextEntry(new JarEntry(name));
                Files.copy(file, zip);
                zip.closeEntry();
            }
        }
    }
}
