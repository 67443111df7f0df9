package dev.jmcp.client.stdio;

import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The one place jmcp starts a child process that it talks to over the child's standard input and output: a stdio
 * server this client connects to ({@link ChildProcessTransport}: a user's command, a mounted server, a JAR plugin's or
 * a native library's child JVM) and the server's native host program, which speaks frames of its own. The command
 * inherits this process's environment plus {@code env}; its standard input and output are pipes to this process;
 * its standard error goes where the caller says (a pipe the caller reads and logs, or this process's own).
 *
 * <p>It lives in jmcp-client because both sides need it and the client is the lower of the two: a client must start
 * the server it talks to and depends on the protocol alone, while the server's plugin kinds already depend on the
 * client (mounts). It knows no server concept — no plugin, JVM option, log or shutdown policy: the caller composes
 * the command, reads the streams and ends the process ({@link ChildProcessTransport#close}, or the plugin kind's own
 * close). Stateless and thread-safe.
 */
public final class ChildProcessLauncher {
    private ChildProcessLauncher() {
    }

    /**
     * Starts {@code command} with {@code env} added to this process's environment, in {@code directory} (null for
     * this process's working directory), its standard error sent to {@code stderr} ({@link Redirect#PIPE} to read it
     * from {@link Process#getErrorStream()}, {@link Redirect#INHERIT} to leave it on this process's).
     *
     * @throws IOException the command cannot be started (the JDK's message says why, e.g. no such file)
     */
    public static Process start(List<String> command, Map<String, String> env, Path directory, Redirect stderr)
            throws IOException {
        var builder = new ProcessBuilder(List.copyOf(command));
        builder.environment().putAll(env);
        if (directory != null) builder.directory(directory.toFile());
        builder.redirectError(Objects.requireNonNull(stderr, "stderr"));
        return builder.start();
    }
}
