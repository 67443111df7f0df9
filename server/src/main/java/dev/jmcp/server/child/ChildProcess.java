package dev.jmcp.server.child;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The one place jmcp's child processes are launched from: the command lines of the child JVMs (a JAR plugin served by
 * its own {@code jmcp serve}; a native library served by {@code NativeHostMain} where the native host program was not
 * built) and the start of a native host program. A child JVM runs this process's Java runtime and class path, and
 * its JVM log lines go to standard error, never to standard output, which carries the protocol. Pure functions.
 */
public final class ChildProcess {
    /**
     * The command a JAR plugin's child runs. The server names the CLI's entry point rather than a main of its own
     * because the child's plugin code needs what {@code jmcp serve} sets up around serving stdio: standard output
     * moved off descriptor 1 (a plugin's stray print cannot corrupt the stream), logging, and the shutdown hook that
     * answers calls in flight.
     */
    private static final String JMCP_MAIN = "dev.jmcp.cli.Jmcp";
    /** JVM log lines on standard error only: standard output is the protocol. */
    private static final List<String> JVM_LOG_TO_STDERR = List.of("-Xlog:disable", "-Xlog:all=warning:stderr");

    private ChildProcess() {
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
     * {@code jmcp serve -p folder --identity-from-parent}: the child that serves a JAR plugin (a copy of it in
     * {@code folder}) over stdio for this process. Its heap is bounded as this process's is ({@code bin/jmcp}: 512 MiB
     * unless the operator set {@code -Xmx}); without a bound each child JVM could take a quarter of the machine's
     * memory.
     *
     * @throws IOException the jmcp command is not on the class path (the server is embedded without the CLI)
     */
    public static List<String> jmcpServe(Path folder) throws IOException {
        if (ClassLoader.getSystemResource(JMCP_MAIN.replace('.', '/') + ".class") == null) {
            throw new IOException("a plugin in a process of its own needs the jmcp command on the class path"
                    + " (run the distribution's bin/jmcp)");
        }
        long maxHeapMiB = Math.max(64, Runtime.getRuntime().maxMemory() >> 20);
        return java(List.of("-XX:+UseSerialGC", "-Xmx" + maxHeapMiB + "m", "-XX:MaxNewSize=32m"), JMCP_MAIN,
                List.of("serve", "-p", folder.toString(), "--identity-from-parent"));
    }

    /**
     * Starts {@code command} (a native host program and its arguments) in {@code directory}, its standard streams
     * piped to this process.
     *
     * @throws IOException it cannot be started (the message says why)
     */
    public static Process start(List<String> command, Path directory) throws IOException {
        return new ProcessBuilder(command).directory(directory.toFile()).start();
    }
}
