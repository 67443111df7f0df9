package dev.jmcp.cli.client;

import dev.jmcp.cli.ToolSearchLibraries;
import dev.jmcp.client.search.ToolRanking;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
        Path folder = ToolSearchLibraries.folder();
        if (folder != null && Files.isDirectory(folder)) {
            try {
                return ToolRanking.installed(ToolSearchLibraries.loader(folder));
            } catch (IOException e) {
                return ToolRanking.installed();
            }
        }
        return ToolRanking.installed();
    }
}
