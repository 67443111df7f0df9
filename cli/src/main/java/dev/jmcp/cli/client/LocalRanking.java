package dev.jmcp.cli.client;

import dev.jmcp.client.search.ToolRanking;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.ServiceLoader;

/**
 * The ranking {@code jmcp search} uses for a server without {@code search_tools}: a {@link ToolRanking} on the class
 * path; else the one in the distribution's {@code lib/tool-search/} folder (the tool-search module, which the launcher
 * does not put on the class path so that {@code serve} without tool search never loads it), through a class loader of
 * its own; else the client's own {@link dev.jmcp.client.search.WordRanking}. Static.
 */
final class LocalRanking {
    private LocalRanking() {
    }

    static ToolRanking installed() {
        for (ToolRanking ranking : ServiceLoader.load(ToolRanking.class, LocalRanking.class.getClassLoader())) {
            if (ranking.available()) return ranking;
        }
        Path folder = libFolder() == null ? null : libFolder().resolve("tool-search");
        if (folder != null && Files.isDirectory(folder)) {
            var jars = new ArrayList<URL>();
            try (var files = Files.list(folder)) {
                for (Path jar : files.filter(f -> f.toString().endsWith(".jar")).sorted().toList()) {
                    jars.add(jar.toUri().toURL());
                }
            } catch (IOException e) {
                return ToolRanking.installed();
            }
            // Lives as long as the command: the ranking's classes are in use until it ends.
            var loader = new URLClassLoader("tool-search", jars.toArray(URL[]::new), LocalRanking.class.getClassLoader());
            return ToolRanking.installed(loader);
        }
        return ToolRanking.installed();
    }

    /** The distribution's {@code lib/} folder, where this class's JAR is; null when run from classes. */
    private static Path libFolder() {
        try {
            var source = LocalRanking.class.getProtectionDomain().getCodeSource();
            if (source == null) return null;
            Path location = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(location) ? location.getParent() : null;
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }
}
