package dev.jmcp.plugin;

import java.util.Optional;

/**
 * A plugin's configuration. {@code get("base-url")} of plugin {@code weather} looks, in order, at the environment
 * variable {@code WEATHER_BASE_URL} (the plugin name and key upper-cased, every other character an underscore) and at
 * the key {@code base-url} of {@code weather.properties} beside the plugin's JAR. Immutable and thread-safe.
 */
public interface PluginConfig {

    Optional<String> get(String key);

    default String get(String key, String defaultValue) {
        return get(key).orElse(defaultValue);
    }

    default int getInt(String key, int defaultValue) {
        return get(key).map(String::trim).map(v -> {
            try {
                return Integer.parseInt(v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("configuration " + key + " must be an integer, was '" + v + "'");
            }
        }).orElse(defaultValue);
    }
}
