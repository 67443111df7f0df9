package dev.jmcp.server.plugins;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.Objects;

/**
 * Size and modification time of a plugin JAR and of its optional {@code <name>.properties}: what tells a settled
 * file from one still being written, and a changed plugin from an unchanged one. Immutable.
 *
 * @param configSize -1 when there is no properties file
 */
record JarStamp(long size, Instant modified, long configSize, Instant configModified) {

    /** The stamp of {@code jar} now; null when it is not (or no longer) a regular file. */
    static JarStamp read(Path jar) {
        BasicFileAttributes attributes = attributes(jar);
        if (attributes == null || !attributes.isRegularFile()) return null;
        BasicFileAttributes config = attributes(JarPluginConfig.propertiesBeside(jar));
        return new JarStamp(attributes.size(), attributes.lastModifiedTime().toInstant(),
                config == null ? -1 : config.size(), config == null ? Instant.EPOCH : config.lastModifiedTime().toInstant());
    }

    /*
     * equals and hashCode are written out: a record's generated ones link an invokedynamic call site on first use,
     * which the AOT cache cannot hold, and the first such link in a process spins method-handle classes (about 10 ms of
     * the plugins' first load, profiled). The same goes for PluginStamp.
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof JarStamp that && size == that.size && configSize == that.configSize
                && modified.equals(that.modified) && configModified.equals(that.configModified);
    }

    @Override
    public int hashCode() {
        return Objects.hash(size, modified, configSize, configModified);
    }

    private static BasicFileAttributes attributes(Path file) {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class);
        } catch (IOException e) {
            return null;
        }
    }
}
