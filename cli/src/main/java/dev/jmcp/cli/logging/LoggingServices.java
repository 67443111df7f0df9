package dev.jmcp.cli.logging;

import org.tinylog.configuration.Configuration;
import org.tinylog.core.TinylogLoggingProvider;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.security.CodeSource;
import java.util.Enumeration;

/**
 * Start-up: lets SLF4J and tinylog find their parts without listing every JAR of the class path. Both find services by
 * asking the class loader for a service file in all JARs, and the first such listing in a process opens and indexes
 * every JAR of {@code lib/} (55 JARs, 9,000 entries): 20-30 ms of CPU time on the thread that will answer the client.
 * So SLF4J is told its provider ({@code slf4j.provider}), tinylog its configuration loader (jmcp configures tinylog in
 * code, {@link LogSetup}, so no {@code tinylog.properties} is looked for), and tinylog, which asks the thread's context
 * class loader first, is given one that lists tinylog's service files from tinylog's own JARs and delegates everything
 * else to its parent. (The one listing of all JARs left, the JDK's time-zone rules providers, is the log files' first
 * time stamp's: see {@link LogSetup#prepareTimeStamps}.) Properties already set are kept. For the process entry point
 * only; a program embedding jmcp keeps its own logging set-up.
 */
public final class LoggingServices extends ClassLoader {
    private static final String TINYLOG_SERVICES = "META-INF/services/org.tinylog.";

    static {
        registerAsParallelCapable();
    }

    private final URLClassLoader tinylogJars;

    private LoggingServices(ClassLoader parent, URLClassLoader tinylogJars) {
        super("jmcp-logging-services", parent);
        this.tinylogJars = tinylogJars;
    }

    /**
     * Names SLF4J's provider and tinylog's configuration loader, points the calling thread (and the threads it starts
     * from now on) at tinylog's own service files. Call first thing in {@code main}, before anything logs.
     */
    public static void useDirectly() {
        setIfAbsent("slf4j.provider", NamedLoggers.class.getName());
        // SLF4J says at INFO that it took the provider it was told; its warnings and errors still show.
        setIfAbsent("slf4j.internal.verbosity", "WARN");
        setIfAbsent("tinylog.configurationloader", DefaultConfiguration.class.getName());
        Thread thread = Thread.currentThread();
        LoggingServices loader = over(thread.getContextClassLoader());
        if (loader != null) thread.setContextClassLoader(loader);
    }

    /**
     * A loader over {@code parent} that lists tinylog's service files from tinylog's JARs alone; null where those JARs
     * cannot be told (classes without a code source).
     */
    static LoggingServices over(ClassLoader parent) {
        URL api = location(Configuration.class);
        URL impl = location(TinylogLoggingProvider.class);
        if (api == null || impl == null) return null;
        // Parent null: the two JARs' own entries, and no other class loader's.
        return new LoggingServices(parent, new URLClassLoader("tinylog-jars", new URL[]{api, impl}, null));
    }

    private static void setIfAbsent(String property, String value) {
        if (System.getProperty(property) == null) System.setProperty(property, value);
    }

    private static URL location(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        return source == null ? null : source.getLocation();
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        return name.startsWith(TINYLOG_SERVICES) ? tinylogJars.getResources(name) : super.getResources(name);
    }
}
