package dev.jmcp.cli;

import picocli.CommandLine.IVersionProvider;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The version of jmcp, from {@code version.properties} filled in by the build. Stateless and thread-safe; a missing
 * resource (a build that skipped resource filtering) reads as {@code unknown} rather than failing the command.
 */
public final class JmcpVersion implements IVersionProvider {
    private static final String RESOURCE = "version.properties";

    /** The version string of this build, for instance {@code 0.1.0-SNAPSHOT}. */
    public static String current() {
        try (InputStream in = JmcpVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) return "unknown";
            Properties properties = new Properties();
            properties.load(in);
            String version = properties.getProperty("version", "unknown").strip();
            // An unfiltered resource still holds the placeholder.
            return version.startsWith("${") ? "unknown" : version;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    @Override
    public String[] getVersion() {
        return new String[] {
                "jmcp " + current(),
                "Java " + Runtime.version() + " (" + System.getProperty("java.vm.vendor", "unknown vendor") + ")"
        };
    }
}
