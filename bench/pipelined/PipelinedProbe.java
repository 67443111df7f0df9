import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * Where a stdio server's time goes with many calls pipelined: a client that keeps C {@code tools/call}s of
 * {@code echo} in flight on one server's standard input, and around each phase reads every thread of the server from
 * /proc (CPU ticks, time waiting in the run queue, context switches) and adds them up by kind: the JIT compilers,
 * the GC, the virtual-thread carriers, the process's main thread (jmcp's stdio reader), the rest. For a JVM server it
 * also asks {@code jcmd Thread.print -e} for the bytes each thread has allocated (a virtual thread's count on its
 * carrier's), which the machine's load does not move. The client itself parses nothing but each line's start, so it
 * costs the server's two cores little. Run by {@code bench/pipelined.sh}; every phase is bounded (30 s without an
 * answer ends the run).
 *
 * <p>{@code java PipelinedProbe.java LABEL WARMUP CALLS CONCURRENCY CHUNKS -- COMMAND...}: {@code initialize}, then
 * WARMUP calls, then CHUNKS phases of CALLS calls each printed on a line of its own (how the JIT's warm-up shows), then
 * one measured phase of CALLS calls, printed per kind of thread.
 */
public final class PipelinedProbe {
    private static final String TEXT = "The quick brown fox jumps over the lazy dog while the benchmark counts.";
    private static final byte[] ID = "\"id\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] RESULT = "\"result\"".getBytes(StandardCharsets.US_ASCII);
    private static final long TICK_NANOS = 10_000_000L;
    private static final Path JCMD = Path.of(System.getProperty("java.home"), "bin", "jcmd");

    private final Semaphore answers = new Semaphore(0);
    private final AtomicLong answered = new AtomicLong();
    private final AtomicLong wrong = new AtomicLong();
    private long nextId = 1;

    /** One thread's counters: CPU ticks, run and run-queue nanoseconds, voluntary and involuntary switches. */
    private record Counters(long ticks, long runNanos, long waitNanos, long voluntary, long involuntary) {
        static final Counters NONE = new Counters(0, 0, 0, 0, 0);

        Counters minus(Counters o) {
            return new Counters(ticks - o.ticks, runNanos - o.runNanos, waitNanos - o.waitNanos,
                    voluntary - o.voluntary, involuntary - o.involuntary);
        }

        Counters plus(Counters o) {
            return new Counters(ticks + o.ticks, runNanos + o.runNanos, waitNanos + o.waitNanos,
                    voluntary + o.voluntary, involuntary + o.involuntary);
        }
    }

    public static void main(String[] args) throws Exception {
        int dash = Arrays.asList(args).indexOf("--");
        if (dash != 5 || args.length < 7) {
            System.err.println("usage: PipelinedProbe LABEL WARMUP CALLS CONCURRENCY CHUNKS -- COMMAND...");
            System.exit(2);
        }
        new PipelinedProbe().run(args[0], Integer.parseInt(args[1]), Integer.parseInt(args[2]),
                Integer.parseInt(args[3]), Integer.parseInt(args[4]), List.of(args).subList(6, args.length));
    }

    private void run(String label, int warmup, int calls, int concurrency, int chunks, List<String> command)
            throws Exception {
        // The server's standard error goes to LABEL.log in the folder the probe.logs property names (default: here).
        var log = new File(System.getProperty("probe.logs", "."), label + ".log");
        Process server = new ProcessBuilder(command).redirectError(log).start();
        long pid = server.pid();
        try (var out = new BufferedOutputStream(server.getOutputStream(), 1 << 16)) {
            Thread.ofPlatform().daemon().name("probe-reader").start(() -> readAnswers(server));
            send(out, "{\"jsonrpc\":\"2.0\",\"id\":" + nextId++ + ",\"method\":\"initialize\",\"params\":{"
                    + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"probe\","
                    + "\"version\":\"1\"}}}");
            out.flush();
            if (!answers.tryAcquire(60, TimeUnit.SECONDS)) throw new IllegalStateException("no answer to initialize");
            send(out, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            call(out, warmup, concurrency);
            for (int chunk = 0; chunk < chunks; chunk++) {
                var before = threads(pid);
                long start = System.nanoTime();
                call(out, calls, concurrency);
                double seconds = (System.nanoTime() - start) / 1e9;
                var byKind = byKind(threads(pid), before);
                var line = new StringBuilder(String.format(Locale.ROOT, "%s chunk %2d: %7.0f calls/s, server CPU %5.1f"
                        + " µs a call:", label, chunk, calls / seconds, total(byKind) * 1e-3 * TICK_NANOS / calls));
                byKind.forEach((kind, c) -> {
                    if (c.ticks() > 0) line.append(String.format(Locale.ROOT, " %s %.1f", kind,
                            c.ticks() * 1e-3 * TICK_NANOS / calls));
                });
                System.out.println(line);
            }
            measure(label, pid, out, calls, concurrency);
        } finally {
            server.waitFor(20, TimeUnit.SECONDS);
            if (server.isAlive()) server.destroy();
            if (!server.waitFor(5, TimeUnit.SECONDS)) server.destroyForcibly();
        }
    }

    private void measure(String label, long pid, OutputStream out, int calls, int concurrency) throws Exception {
        Map<String, Long> allocated0 = allocated(pid);
        long[] machine0 = machineTicks();
        var self0 = threads(ProcessHandle.current().pid());
        var before = threads(pid);
        double load0 = loadAverage();
        long answered0 = answered.get();
        long start = System.nanoTime();
        call(out, calls, concurrency);
        double seconds = (System.nanoTime() - start) / 1e9;
        var after = threads(pid);
        var self1 = threads(ProcessHandle.current().pid());
        long[] machine1 = machineTicks();
        Map<String, Long> allocated1 = allocated(pid);
        long n = answered.get() - answered0;
        var byKind = byKind(after, before);
        long client = total(byKind(self1, self0));
        double busy = (machine1[0] - machine0[0]) / (double) (machine1[1] - machine0[1]);
        var report = new StringBuilder(String.format(Locale.ROOT, "%s: %d calls in %.2f s = %.0f calls/s; server CPU"
                + " %.1f µs a call; client %.1f µs; machine busy %.0f %% of its cores; load %.2f -> %.2f; wrong %d%n",
                label, n, seconds, n / seconds, total(byKind) * 1e-3 * TICK_NANOS / n,
                client * 1e-3 * TICK_NANOS / n, busy * 100, load0, loadAverage(), wrong.get()));
        byKind.forEach((kind, c) -> {
            if (c.ticks() == 0 && c.voluntary() < n / 100) return;
            report.append(String.format(Locale.ROOT, "  %-10s CPU %5.1f µs a call; running %5.1f %%, waiting to run"
                            + " %5.1f %% of the phase; switches a call %.3f voluntary, %.3f involuntary%n", kind,
                    c.ticks() * 1e-3 * TICK_NANOS / n, c.runNanos() / 1e7 / seconds, c.waitNanos() / 1e7 / seconds,
                    c.voluntary() / (double) n, c.involuntary() / (double) n));
        });
        if (!allocated0.isEmpty()) {
            var bytes = new TreeMap<String, Long>();
            allocated1.forEach((thread, now) -> bytes.merge(kind(thread.substring(thread.indexOf(':') + 1)),
                    now - allocated0.getOrDefault(thread, 0L), Long::sum));
            report.append(String.format(Locale.ROOT, "  allocated %.0f bytes a call:",
                    bytes.values().stream().mapToLong(Long::longValue).sum() / (double) n));
            bytes.forEach((kind, b) -> {
                if (b > 0) report.append(String.format(Locale.ROOT, " %s %.0f", kind, b / (double) n));
            });
            report.append('\n');
        }
        System.out.print(report);
    }

    /** Sends {@code count} echo calls, never more than {@code concurrency} unanswered. */
    private void call(OutputStream out, int count, int concurrency) throws IOException, InterruptedException {
        int sent = 0;
        int done = 0;
        while (done < count) {
            while (sent < count && sent - done < concurrency) {
                long id = nextId++;
                send(out, "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":"
                        + "\"echo\",\"arguments\":{\"text\":\"" + TEXT + "\"},\"_meta\":{\"progressToken\":" + id
                        + "}}}");
                out.flush();
                sent++;
            }
            if (!answers.tryAcquire(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("no answer for 30 s after " + done + " of " + count);
            }
            done++;
        }
    }

    private static void send(OutputStream out, String line) throws IOException {
        out.write(line.getBytes(StandardCharsets.UTF_8));
        out.write('\n');
    }

    /** Counts each line with an id as an answer (a result, or wrong); notifications and blank lines pass. */
    private void readAnswers(Process server) {
        byte[] chunk = new byte[1 << 16];
        byte[] line = new byte[1 << 16];
        int length = 0;
        try (var in = new BufferedInputStream(server.getInputStream(), 1 << 16)) {
            int read;
            while ((read = in.read(chunk)) > 0) {
                for (int i = 0; i < read; i++) {
                    if (chunk[i] != '\n') {
                        if (length < line.length) line[length++] = chunk[i];
                        continue;
                    }
                    if (contains(line, length, ID)) {
                        if (!contains(line, length, RESULT) && wrong.getAndIncrement() < 3) {
                            System.err.println("not a result: " + new String(line, 0, length, StandardCharsets.UTF_8));
                        }
                        answered.incrementAndGet();
                        answers.release();
                    }
                    length = 0;
                }
            }
        } catch (IOException e) {
            System.err.println("reading the server's output: " + e);
        }
    }

    private static boolean contains(byte[] text, int length, byte[] word) {
        outer:
        for (int i = 0; i + word.length <= length; i++) {
            for (int j = 0; j < word.length; j++) {
                if (text[i + j] != word[j]) continue outer;
            }
            return true;
        }
        return false;
    }

    private static String kind(String threadName) {
        if (threadName.startsWith("ForkJoinPool")) return "carriers";
        if (threadName.startsWith("C1 Compiler") || threadName.startsWith("C2 Compiler")) return "JIT";
        if (threadName.startsWith("GC Thread") || threadName.startsWith("G1 ")) return "GC";
        // The process's main thread: jmcp's stdio reader (/proc names a JVM's first threads after its binary).
        if (threadName.equals("java") || threadName.equals("main")) return "main";
        return "other";
    }

    private static Map<String, Counters> byKind(Map<String, Counters> now, Map<String, Counters> before) {
        var byKind = new TreeMap<String, Counters>();
        now.forEach((thread, c) -> byKind.merge(kind(thread.substring(thread.indexOf(':') + 1)),
                c.minus(before.getOrDefault(thread, Counters.NONE)), Counters::plus));
        return byKind;
    }

    private static long total(Map<String, Counters> byKind) {
        return byKind.values().stream().mapToLong(Counters::ticks).sum();
    }

    /** Every thread of {@code pid} (and, for another process, of its children) by "pid/tid:name". */
    private static Map<String, Counters> threads(long pid) throws IOException {
        var processes = new ArrayList<Long>(List.of(pid));
        if (pid != ProcessHandle.current().pid()) {
            ProcessHandle.of(pid).ifPresent(p -> p.descendants().forEach(d -> processes.add(d.pid())));
        }
        var threads = new HashMap<String, Counters>();
        for (long process : processes) {
            List<Path> tasks;
            try (var list = Files.list(Path.of("/proc", Long.toString(process), "task"))) {
                tasks = list.toList();
            } catch (IOException e) {
                continue;  // ended
            }
            for (Path task : tasks) {
                try {
                    String stat = Files.readString(task.resolve("stat"));
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    String[] sched = Files.readString(task.resolve("schedstat")).trim().split(" ");
                    long voluntary = 0;
                    long involuntary = 0;
                    for (String l : Files.readAllLines(task.resolve("status"))) {
                        String[] words = l.split("\\s+");
                        if (words[0].equals("voluntary_ctxt_switches:")) voluntary = Long.parseLong(words[1]);
                        if (words[0].equals("nonvoluntary_ctxt_switches:")) involuntary = Long.parseLong(words[1]);
                    }
                    threads.put(process + "/" + task.getFileName() + ":" + name, new Counters(
                            Long.parseLong(fields[11]) + Long.parseLong(fields[12]), Long.parseLong(sched[0]),
                            Long.parseLong(sched[1]), voluntary, involuntary));
                } catch (IOException | RuntimeException e) {
                    // the thread ended meanwhile
                }
            }
        }
        return threads;
    }

    /** Bytes allocated by each Java thread so far ("#id:name"), from jcmd; empty when the server is no JVM. */
    private static Map<String, Long> allocated(long pid) throws IOException, InterruptedException {
        var threads = new HashMap<String, Long>();
        if (!Files.isExecutable(JCMD)) return threads;
        Process jcmd = new ProcessBuilder(JCMD.toString(), Long.toString(pid), "Thread.print", "-e")
                .redirectErrorStream(true).start();
        var line = Pattern.compile("^\"([^\"]*)\" #(\\d+).* allocated=(\\d+)([BKMG]) ");
        for (String l : new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
            var m = line.matcher(l);
            if (!m.find()) continue;
            long unit = switch (m.group(4)) {
                case "K" -> 1L << 10;
                case "M" -> 1L << 20;
                case "G" -> 1L << 30;
                default -> 1L;
            };
            threads.put(m.group(2) + ":" + m.group(1), Long.parseLong(m.group(3)) * unit);
        }
        jcmd.waitFor(30, TimeUnit.SECONDS);
        return threads;
    }

    /** The machine's busy and total ticks over all its cores, from /proc/stat. */
    private static long[] machineTicks() throws IOException {
        String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
        long all = 0;
        for (int i = 1; i < f.length; i++) all += Long.parseLong(f[i]);
        return new long[] {all - Long.parseLong(f[4]) - Long.parseLong(f[5]), all};
    }

    private static double loadAverage() throws IOException {
        return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
    }
}
