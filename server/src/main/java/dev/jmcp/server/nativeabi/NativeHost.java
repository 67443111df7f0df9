package dev.jmcp.server.nativeabi;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How to start the child process of {@link NativeHostMain} for one library: the command line for a
 * {@link ProcessBuilder}, using the Java runtime and class path of the current process. The child speaks MCP over
 * its standard input and output; its standard error carries its log. Stateless.
 */
public final class NativeHost {
    /**
     * JVM settings of the child: a small heap, the client compiler only, the serial collector (a quick start and a
     * small RSS for a process that only forwards calls), native access granted (no warning on stderr), JVM log lines
     * on standard error, never on the protocol stream.
     */
    public static final List<String> JVM_OPTIONS = List.of("-Xmx64m", "-Xss512k", "-XX:TieredStopAtLevel=1",
            "-XX:+UseSerialGC", "-XX:-UsePerfData", "-Xshare:auto", "--enable-native-access=ALL-UNNAMED",
            "-Xlog:disable", "-Xlog:all=warning:stderr");

    private NativeHost() {
    }

    /** The command that serves {@code library} over stdio in a child process, with {@code options}. */
    public static List<String> command(Path library, NativeOptions options) {
        return command(library, options, List.of());
    }

    /**
     * The same, with {@code jvmOptions} added after {@link #JVM_OPTIONS} (later ones win), e.g. a bigger heap for a
     * library with large results. An AOT cache made by a JVM without {@code --enable-native-access} is refused by
     * the child (the JVM compares that setting), so {@code bin/jmcp}'s cache cannot simply be passed on.
     */
    public static List<String> command(Path library, NativeOptions options, List<String> jvmOptions) {
        var command = new ArrayList<String>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_OPTIONS);
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(NativeHostMain.class.getName());
        if (options.reentrant()) command.add("--reentrant");
        if (options.callTimeout() != null) command.add("--call-timeout=" + options.callTimeout().toMillis());
        command.add(library.toAbsolutePath().toString());
        return List.copyOf(command);
    }
}
