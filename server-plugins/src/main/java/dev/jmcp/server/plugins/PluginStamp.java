package dev.jmcp.server.plugins;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.Objects;

/**
 * Size and time of a plugin file of any kind with its companions ({@link JarStamp}: the file and its
 * {@code .properties}), plus its settings file {@code <file>.json}: what tells a settled file from one still being
 * written, and a changed plugin from an unchanged one. Immutable.
 *
 * @param settingsSize -1 when there is no settings file
 */
record PluginStamp(JarStamp file, long settingsSize, Instant settingsModified) {

    /** The stamp of {@code plugin} now; null when it is not (or no longer) a regular file. */
    static PluginStamp read(Path plugin) {
        JarStamp file = JarStamp.read(plugin);
        if (file == null) return null;
        if (PluginFiles.kind(plugin) == PluginFiles.Kind.MOUNT) return new PluginStamp(file, -1, Instant.EPOCH);
        try {
            var settings = Files.readAttributes(PluginFiles.settingsBeside(plugin), BasicFileAttributes.class);
            return new PluginStamp(file, settings.size(), settings.lastModifiedTime().toInstant());
        } catch (IOException e) {
            return new PluginStamp(file, -1, Instant.EPOCH);
        }
    }

    /** Written out, not generated: see {@link JarStamp#equals}. */
    @Override
    public boolean equals(Object other) {
        return other instanceof PluginStamp that && settingsSize == that.settingsSize && file.equals(that.file)
                && settingsModified.equals(that.settingsModified);
    }

    @Override
    public int hashCode() {
        return Objects.hash(file, settingsSize, settingsModified);
    }
}
