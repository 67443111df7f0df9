package dev.jmcp.bench.load;

import dev.jmcp.client.stdio.ChildProcessLauncher;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
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

    /**
     * CPU time (user and system) of the process and its descendants so far, and what HotSpot's JIT compiler threads
     * ({@code C1 CompilerThread}, {@code C2 CompilerThread}) have spent, by thread id; {@code jit} is null when the
     * family runs no HotSpot, as Node does, whose compilers are not told apart here. From /proc, tick precision. A
     * short phase of a JVM server pays for compiling the very code it measures; this tells that cost apart.
     */
    Cpu cpu() {
        long ticks = 0;
        Map<String, Long> jit = null;
        for (ProcessHandle handle : Stream.concat(Stream.of(process.toHandle()), process.descendants()).toList()) {
            String pid = Long.toString(handle.pid());
            try {
                ticks += usedTicks(Files.readString(Path.of("/proc", pid, "stat")));
            } catch (IOException | RuntimeException e) {
                continue;  // gone, or not Linux
            }
            try (var threads = Files.list(Path.of("/proc", pid, "task"))) {
                for (Path thread : threads.toList()) {
                    String stat;
                    try {
                        stat = Files.readString(thread.resolve("stat"));
                    } catch (IOException e) {
                        continue;  // the thread ended
                    }
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
                        if (jit == null) jit = new HashMap<>();
                        jit.put(pid + "/" + thread.getFileName(), usedTicks(stat));
                    }
                }
            } catch (IOException | RuntimeException e) {
                // gone
            }
        }
        return new Cpu(ticks * TICK_NANOS, jit);
    }

    private static final long TICK_NANOS = 10_000_000L;  // USER_HZ is 100 on Linux

    /** utime and stime, fields 14 and 15 of a /proc stat line. */
    private static long usedTicks(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    /** CPU so far in nanoseconds, and each JIT compiler thread's ticks by id (null: not a HotSpot JVM). */
    record Cpu(long totalNanos, Map<String, Long> jitTicks) {
        /**
         * Microseconds per item since {@code before}: all of it, and the JIT compilers' part (NaN when unknown).
         * HotSpot starts and stops compiler threads as it needs them; one that stopped within the phase is not
         * counted, so the JIT's part is a lower bound.
         */
        double[] microsPerItemSince(Cpu before, int items) {
            int n = Math.max(1, items);
            double jit = Double.NaN;
            if (jitTicks != null) {
                long ticks = 0;
                for (var thread : jitTicks.entrySet()) {
                    long earlier = before.jitTicks == null ? 0 : before.jitTicks.getOrDefault(thread.getKey(), 0L);
                    ticks += Math.max(0, thread.getValue() - earlier);
                }
                jit = ticks * TICK_NANOS / 1e3 / n;
            }
            return new double[] {(totalNanos - before.totalNanos) / 1e3 / n, jit};
        }
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
