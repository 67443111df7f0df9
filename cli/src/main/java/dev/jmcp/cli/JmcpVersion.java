package dev.jmcp.cli;

import picocli.CommandLine.IVersionProvider;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The version of jmcp: the {@code Implementation-Version} of its JAR's manifest, or else (classes run from a folder, as
 * in this module's tests) {@code version.properties} filled in by the build. Stateless and thread-safe; a missing
 * resource (a build that skipped resource filtering) reads as {@code unknown} rather than failing the command.
 */
public final class JmcpVersion implements IVersionProvider {
    private static final String RESOURCE = "version.properties";

    /** The version string of this build, for instance {@code 0.1.0-SNAPSHOT}. */
    public static String current() {
        // The manifest first (start-up): the JVM has it already, while a resource is looked for in the class path's
        // JARs in order, opening each until one holds it, and lib/'s order depends on the file system.
        String packaged = JmcpVersion.class.getPackage().getImplementationVersion();
        if (packaged != null) return packaged;
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
