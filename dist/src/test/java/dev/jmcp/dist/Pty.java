package dev.jmcp.dist;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A command on a real pseudo-terminal, as a person at a keyboard runs it: util-linux {@code script} (on every Debian
 * machine) opens the terminal, the command's standard input, output and error are that terminal, and what this side
 * types goes through the terminal's line discipline (so {@code \u0003} is Ctrl-C: SIGINT to the foreground group).
 */
final class Pty implements AutoCloseable {
    private final Process process;
    private final OutputStream keyboard;
    private final StringBuffer screen = new StringBuffer();

    private Pty(Process process) {
        this.process = process;
        this.keyboard = process.getOutputStream();
        Thread.ofPlatform().daemon().name("pty-reader").start(() -> {
            try (InputStream in = process.getInputStream()) {
                byte[] buffer = new byte[4096];
                int n;
                while ((n = in.read(buffer)) > 0) {
                    synchronized (screen) {
                        screen.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
                        screen.notifyAll();
                    }
                }
            } catch (IOException ignored) {
                // the terminal closed
            }
        });
    }

    /** Starts {@code command} on a new terminal, with {@code environment} added to this process's. */
    static Pty start(List<String> command, Map<String, String> environment) throws IOException {
        // A person's terminal delivers Ctrl-C as SIGINT. A build started in the background of a non-interactive
        // shell runs with SIGINT ignored, and an ignored signal stays ignored through exec (the JVM then never sees
        // Ctrl-C): coreutils' env restores its default action for the command.
        String line = "env --default-signal=INT " + command.stream().map(Pty::quote).collect(Collectors.joining(" "));
        var builder = new ProcessBuilder("script", "-q", "-f", "-e", "-c", line, "/dev/null").redirectErrorStream(true);
        builder.environment().putAll(environment);
        builder.environment().put("TERM", "xterm");
        return new Pty(builder.start());
    }

    private static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /** Waits until the terminal has shown {@code text}; fails with the screen so far when it does not in time. */
    void awaitShown(String text, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (screen) {
            while (screen.indexOf(text) < 0) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) throw new AssertionError("the terminal never showed '" + text + "'; it shows:\n" + screen());
                screen.wait(left);
            }
        }
    }

    /** Types {@code keys} as a person would. */
    void type(String keys) throws IOException {
        keyboard.write(keys.getBytes(StandardCharsets.UTF_8));
        keyboard.flush();
    }

    /** The exit code of the command, once it ended within {@code timeout}. */
    int exitCode(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("the command did not end in " + timeout + "; the terminal shows:\n" + screen());
        }
        return process.exitValue();
    }

    /** Everything the terminal showed, control sequences included. */
    String screen() {
        return screen.toString();
    }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }
}
