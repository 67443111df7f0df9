package dev.jmcp.server.plugins;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The kinds of file the plugins folder holds, told apart by name: {@code *.jar} (a Java plugin), {@code *.mcp.json}
 * (a mounted MCP server), {@code *.so}, {@code *.dylib}, {@code *.dll} (a native library), and the companions that
 * belong to one of them: {@code <name>.properties} beside a JAR (its configuration) and {@code <file>.json} beside a
 * JAR or library (its {@link PluginSettings}). Static and stateless.
 */
final class PluginFiles {
    enum Kind { JAR, MOUNT, NATIVE }

    private static final String MOUNT_SUFFIX = ".mcp.json";

    private PluginFiles() {
    }

    /** The kind of plugin {@code file} is; null when it is none (a companion, or anything else). */
    static Kind kind(Path file) {
        String name = lower(file);
        if (name.endsWith(MOUNT_SUFFIX) && name.length() > MOUNT_SUFFIX.length()) return Kind.MOUNT;
        if (name.endsWith(".jar")) return Kind.JAR;
        if (name.endsWith(".so") || name.endsWith(".dylib") || name.endsWith(".dll")) return Kind.NATIVE;
        return null;
    }

    /** The plugin file {@code companion} belongs to (whether or not it exists); null when it is no companion. */
    static Path pluginOf(Path companion) {
        String name = companion.getFileName().toString();
        String lower = lower(companion);
        if (lower.endsWith(".properties")) {
            return companion.resolveSibling(name.substring(0, name.length() - ".properties".length()) + ".jar");
        }
        if (lower.endsWith(".json") && !lower.endsWith(MOUNT_SUFFIX)) {
            Path plugin = companion.resolveSibling(name.substring(0, name.length() - ".json".length()));
            Kind kind = kind(plugin);
            return kind == Kind.JAR || kind == Kind.NATIVE ? plugin : null;
        }
        return null;
    }

    /** The settings file beside a JAR or a native library: {@code <file>.json}. */
    static Path settingsBeside(Path plugin) {
        return plugin.resolveSibling(plugin.getFileName() + ".json");
    }

    /** A mount's name: its file name without {@code .mcp.json}. */
    static String mountName(Path file) {
        String name = file.getFileName().toString();
        return name.substring(0, name.length() - MOUNT_SUFFIX.length());
    }

    private static String lower(Path file) {
        return file.getFileName().toString().toLowerCase(Locale.ROOT);
    }
}
