package dev.jmcp.cli;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;

/**
 * The distribution's {@code lib/tool-search/} folder: the tool-search module and its libraries, which the launcher
 * keeps off the class path so that a command without tool search never loads them. {@code serve --tool-search} and
 * {@code jmcp search} reach them through a class loader of their own. Static.
 */
public final class ToolSearchLibraries {
    private ToolSearchLibraries() {
    }

    /** The folder beside this JAR in {@code lib/} (which may not exist); null when run from classes. */
    public static Path folder() {
        try {
            var source = ToolSearchLibraries.class.getProtectionDomain().getCodeSource();
            if (source == null) return null;
            Path location = Path.of(source.getLocation().toURI());
            if (!Files.isRegularFile(location)) return null;
            return location.getParent().resolve("tool-search");
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /**
     * A class loader over the JARs of {@code folder}, child of this module's loader. It lives as long as the process:
     * the classes it loads are in use until the command ends.
     */
    public static ClassLoader loader(Path folder) throws IOException {
        var jars = new ArrayList<URL>();
        try (var files = Files.list(folder)) {
            for (Path jar : files.filter(f -> f.toString().endsWith(".jar")).sorted().toList()) {
                jars.add(jar.toUri().toURL());
            }
        }
        return new URLClassLoader("tool-search", jars.toArray(URL[]::new), ToolSearchLibraries.class.getClassLoader());
    }
}
