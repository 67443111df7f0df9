package dev.jmcp.bench.load;

import dev.jmcp.client.stdio.ChildProcessLauncher;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A server started as a child process: its pipes, its pid, its resident memory. Standard error goes to a log file.
 * The driver owns it and {@link #close}s it, which stops the process and every process it started by pid: SIGTERM,
 * then SIGKILL after five seconds. Not thread-safe.
 */
final class ServerProcess implements AutoCloseable {
    private final Process process;

    private ServerProcess(Process process) {
        this.process = process;
    }

    static ServerProcess start(List<String> command, Path log) {
        try {
            Files.createDirectories(log.getParent());
            return new ServerProcess(ChildProcessLauncher.start(command, Map.of(), null,
                    ProcessBuilder.Redirect.appendTo(log.toFile())));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
    }

    long pid() {
        return process.pid();
    }

    InputStream stdout() {
        return process.getInputStream();
    }

    OutputStream stdin() {
        return process.getOutputStream();
    }

    boolean alive() {
        return process.isAlive();
    }

    /** Resident memory of the process and its descendants, now and at its peak (kB, from /proc); -1 if unknown. */
    Memory memory() {
        long rss = 0;
        long peak = 0;
        for (ProcessHandle handle : Stream.concat(Stream.of(process.toHandle()), process.descendants()).toList()) {
            rss += statusField(handle.pid(), "VmRSS:");
            peak += statusField(handle.pid(), "VmHWM:");
        }
        return new Memory(rss, peak);
    }

    record Memory(long rssKb, long peakKb) {
    }

    /** CPU time (user and system) of the process and its descendants so far, in nanoseconds; from /proc, tick precision. */
    long cpuNanos() {
        long ticks = 0;
        for (ProcessHandle handle : Stream.concat(Stream.of(process.toHandle()), process.descendants()).toList()) {
            try {
                String stat = Files.readString(Path.of("/proc", Long.toString(handle.pid()), "stat"));
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                ticks += Long.parseLong(fields[11]) + Long.parseLong(fields[12]);  // utime, stime (fields 14, 15)
            } catch (IOException | RuntimeException e) {
                // gone, or not Linux
            }
        }
        return ticks * 10_000_000L;  // USER_HZ is 100 on Linux
    }

    private static long statusField(long pid, String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith(field)) return Long.parseLong(line.substring(field.length()).replace("kB", "").trim());
            }
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }

    @Override
    public void close() {
        List<ProcessHandle> family = Stream.concat(process.descendants(), Stream.of(process.toHandle())).toList();
        family.forEach(ProcessHandle::destroy);
        try {
            if (!process.waitFor(Duration.ofSeconds(5).toMillis(), TimeUnit.MILLISECONDS)) {
                family.forEach(ProcessHandle::destroyForcibly);
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            family.forEach(ProcessHandle::destroyForcibly);
            Thread.currentThread().interrupt();
        }
        family.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }
}
