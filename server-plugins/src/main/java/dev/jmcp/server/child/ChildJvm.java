package dev.jmcp.server.child;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command lines of jmcp's child JVMs: a JAR plugin served by {@code JarHostMain}, a native library served by
 * {@code NativeHostMain} where the native host program was not built. A child JVM runs this process's Java runtime and
 * class path, and its JVM log lines go to standard error, never to standard output, which carries the protocol. The
 * client's {@code ChildProcessLauncher} starts them (through the stdio transport of the mount that serves a JAR, or
 * directly for a native library's host), as it starts every child process. Pure functions.
 */
public final class ChildJvm {
    /**
     * The main class of a JAR plugin's child ({@code process.JarHostMain}), named rather than referenced: that class
     * serves a whole server, so a reference from here would make the plugin kinds depend on the server they are part
     * of. {@code ChildJvmTest} holds the name to the class.
     */
    static final String JAR_HOST_MAIN = "dev.jmcp.server.process.JarHostMain";
    /** SLF4J's own property naming its provider: a child logs through the one this process was told to use. */
    private static final String SLF4J_PROVIDER = "slf4j.provider";
    /** JVM log lines on standard error only: standard output is the protocol. */
    private static final List<String> JVM_LOG_TO_STDERR = List.of("-Xlog:disable", "-Xlog:all=warning:stderr");

    private ChildJvm() {
    }

    /**
     * {@code java} of this runtime with {@code jvmOptions} (after JVM output is sent to standard error, so an option
     * may change that again), this process's class path, {@code mainClass} and {@code arguments}.
     */
    public static List<String> java(List<String> jvmOptions, String mainClass, List<String> arguments) {
        var command = new ArrayList<String>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_LOG_TO_STDERR);
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(arguments);
        return List.copyOf(command);
    }

    /**
     * The child that serves a JAR plugin (a copy of it in {@code folder}) over stdio for this process, taking each
     * call's sender from this process ({@code process.JarHostMain}). Its heap is bounded as this process's is
     * ({@code bin/jmcp}: 512 MiB unless the operator set {@code -Xmx}); without a bound each child JVM could take a
     * quarter of the machine's memory. Native access is granted: the child moves its standard output with the FFM API
     * (no warning on standard error).
     */
    public static List<String> jarHost(Path folder) {
        long maxHeapMiB = Math.max(64, Runtime.getRuntime().maxMemory() >> 20);
        var options = new ArrayList<>(List.of("-XX:+UseSerialGC", "-Xmx" + maxHeapMiB + "m", "-XX:MaxNewSize=32m",
                "--enable-native-access=ALL-UNNAMED"));
        String provider = System.getProperty(SLF4J_PROVIDER);
        if (provider != null) options.add("-D" + SLF4J_PROVIDER + "=" + provider);
        return java(options, JAR_HOST_MAIN, List.of(folder.toString()));
    }
}
