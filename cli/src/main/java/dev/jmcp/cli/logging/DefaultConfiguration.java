package dev.jmcp.cli.logging;

import org.tinylog.configuration.ConfigurationLoader;

import java.util.Optional;
import java.util.Properties;

/**
 * tinylog's configuration before {@link LogSetup#configure} replaces it: jmcp's defaults, never a
 * {@code tinylog.properties} file (see {@link LoggingServices}). Public for tinylog, which creates it by name.
 */
public final class DefaultConfiguration implements ConfigurationLoader {
    @Override
    public Properties load() {
        Properties properties = new Properties();
        properties.putAll(LogSetup.properties(false, Optional.empty()));
        return properties;
    }
}
