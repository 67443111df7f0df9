package dev.jmcp.server.plugins;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.jar.JarFile;
import java.util.regex.Pattern;

/**
 * What a plugin JAR says of itself before any of its code runs: the name in the {@code Jmcp-Plugin-Name} attribute of
 * its manifest ({@code jmcp new plugin} writes it). Reading never loads a class. Stateless and thread-safe.
 */
final class PluginManifest {
    static final String NAME_ATTRIBUTE = "Jmcp-Plugin-Name";
    static final String DESCRIPTION_ATTRIBUTE = "Jmcp-Plugin-Description";
    private static final Logger LOG = LoggerFactory.getLogger(PluginManifest.class);
    private static final Pattern VALID_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");
    /** A Maven version at the end of a file name: {@code -1.2}, {@code -1.2.3}, {@code -1.2.3-SNAPSHOT}. */
    private static final Pattern VERSION_SUFFIX = Pattern.compile("-\\d+(\\.\\d+)+(-[A-Za-z0-9.]+)?$");

    private PluginManifest() {
    }

    /** The name {@code jar} declares, or null when it declares none (or is no readable JAR yet). */
    static String declaredName(Path jar) {
        try (var file = new JarFile(jar.toFile(), false)) {
            var manifest = file.getManifest();
            if (manifest == null) return null;
            String name = manifest.getMainAttributes().getValue(NAME_ATTRIBUTE);
            if (name == null) return null;
            name = name.strip();
            if (VALID_NAME.matcher(name).matches()) return name;
            LOG.warn("{}: ignoring {} '{}' (letters, digits, '.', '_' and '-' only); named after the file instead",
                    jar.getFileName(), NAME_ATTRIBUTE, name);
            return null;
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    /**
     * What {@code jar}'s manifest says the plugin is for: {@code Jmcp-Plugin-Description}, else
     * {@code Bundle-Description} or {@code Implementation-Title}; null when none (or the JAR is unreadable).
     */
    static String declaredDescription(Path jar) {
        try (var file = new JarFile(jar.toFile(), false)) {
            var manifest = file.getManifest();
            if (manifest == null) return null;
            var attributes = manifest.getMainAttributes();
            for (String key : new String[] {DESCRIPTION_ATTRIBUTE, "Bundle-Description", "Implementation-Title"}) {
                String value = attributes.getValue(key);
                if (value != null && !value.isBlank()) return value.strip();
            }
            return null;
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    /** {@code units} for {@code units-1.2.0.jar}, {@code weather} for {@code weather.jar}. */
    static String nameFromFile(Path jar) {
        String file = jar.getFileName().toString();
        String base = file.toLowerCase(Locale.ROOT).endsWith(".jar") ? file.substring(0, file.length() - 4) : file;
        String unversioned = VERSION_SUFFIX.matcher(base).replaceFirst("");
        return unversioned.isEmpty() ? base : unversioned;
    }
}
