package dev.jmcp.server.plugins;

import dev.jmcp.plugin.PluginConfig;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Function;

/**
 * The configuration of one JAR plugin: the environment variable {@code <NAME>_<KEY>} first, then the key in
 * {@code <name>.properties} beside the JAR, read once when the plugin loads (a change of that file reloads the
 * plugin). Immutable and thread-safe.
 */
final class JarPluginConfig implements PluginConfig {
    /** A properties file larger than this is refused; configuration is small. */
    static final long MAX_PROPERTIES_BYTES = 1 << 20;

    private final String pluginName;
    private final Function<String, String> environment;
    private final Map<String, String> properties;

    JarPluginConfig(String pluginName, Function<String, String> environment, Map<String, String> properties) {
        this.pluginName = pluginName;
        this.environment = environment;
        this.properties = Map.copyOf(properties);
    }

    /** The configuration of the plugin in {@code jar}; fails when its properties file exists but cannot be read. */
    static JarPluginConfig read(Path jar, String pluginName, Function<String, String> environment)
            throws PluginLoadException {
        Path file = propertiesBeside(jar);
        var values = new HashMap<String, String>();
        try {
            if (Files.size(file) > MAX_PROPERTIES_BYTES) {
                throw new PluginLoadException(file.getFileName() + " is larger than " + MAX_PROPERTIES_BYTES + " bytes");
            }
            var properties = new Properties();
            try (Reader reader = new StringReader(Files.readString(file, StandardCharsets.UTF_8))) {
                properties.load(reader);
            }
            properties.stringPropertyNames().forEach(key -> values.put(key, properties.getProperty(key)));
        } catch (NoSuchFileException e) {
            // No properties file: the environment alone configures the plugin.
        } catch (IOException | IllegalArgumentException e) {
            throw new PluginLoadException("cannot read " + file.getFileName() + ": " + e.getMessage(), e);
        }
        return new JarPluginConfig(pluginName, environment, values);
    }

    /**
     * {@code <name>.properties} in the folder of {@code jar}, named after the plugin; a file named after the JAR
     * ({@code units-1.0.properties} beside {@code units-1.0.jar}) is still read when there is no such file.
     */
    static Path propertiesBeside(Path jar) {
        Path named = jar.resolveSibling(JarPluginLoader.pluginName(jar) + ".properties");
        if (Files.exists(named)) return named;
        String file = jar.getFileName().toString();
        Path legacy = jar.resolveSibling(
                (file.toLowerCase(Locale.ROOT).endsWith(".jar") ? file.substring(0, file.length() - 4) : file)
                        + ".properties");
        return Files.exists(legacy) ? legacy : named;
    }

    /** {@code weather} and {@code base-url} give {@code WEATHER_BASE_URL}. */
    static String variableName(String pluginName, String key) {
        return (pluginName + "_" + key).toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
    }

    @Override
    public Optional<String> get(String key) {
        Objects.requireNonNull(key, "key");
        String fromEnvironment = environment.apply(variableName(pluginName, key));
        return fromEnvironment != null ? Optional.of(fromEnvironment) : Optional.ofNullable(properties.get(key));
    }

    @Override
    public String toString() {
        return "configuration of plugin " + pluginName;
    }
}
