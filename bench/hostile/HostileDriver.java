import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Hostile traffic over stdio against a real {@code jmcp serve}: valid {@code ping}s (ids v0, v1, ...) interleaved with
 * hostile messages of several kinds; reports valid messages sent, lost, duplicated, whether the server crashed or
 * hung, anything on stdout that is not JSON-RPC, and the server's RSS before, at the end of the burst and after a
 * quiet period. Bounded: a fixed number of rounds and deadlines on every wait. Loopback only (pipes).
 * Run with a JDK 25 {@code java HostileDriver.java <jmcp launcher> <plugins dir> [rounds] [quietSeconds]}.
 */
public final class HostileDriver {
    public static void main(String[] args) throws Exception {
        String launcher = args[0];
        String plugins = args[1];
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 20_000;
        int quietSeconds = args.length > 3 ? Integer.parseInt(args[3]) : 30;
        var process = new ProcessBuilder(launcher, "serve", "-p", plugins)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        long pid = process.pid();
        var answers = new ConcurrentHashMap<String, AtomicInteger>();
        var nonJson = new AtomicLong();
        var lines = new AtomicLong();
        var reader = Thread.ofPlatform().start(() -> {
            try (var in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    lines.incrementAndGet();
                    if (!line.startsWith("{\"jsonrpc\":\"2.0\"") && !line.startsWith("[")) nonJson.incrementAndGet();
                    int at = line.indexOf("\"id\":\"v");
                    if (at >= 0) {
                        String id = line.substring(at + 6, line.indexOf('"', at + 7));
                        answers.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
                    }
                }
            } catch (IOException ignored) {
                // the server ended
            }
        });
        OutputStream out = process.getOutputStream();
        send(out, "{\"jsonrpc\":\"2.0\",\"id\":\"v-init\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"hostile\",\"version\":\"1\"}}}");
        send(out, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        waitFor(() -> answers.containsKey("v-init"), 30);
        long rssBefore = rss(pid);
        List<byte[]> hostile = hostile();
        long start = System.nanoTime();
        int valid = 0;
        long hostileSent = 0;
        long peak = rssBefore;
        try {
            for (int i = 0; i < rounds; i++) {
                send(out, "{\"jsonrpc\":\"2.0\",\"id\":\"v" + i + "\",\"method\":\"ping\"}");
                valid++;
                out.write(hostile.get(i % hostile.size()));
                out.write('\n');
                hostileSent++;
                if (i % 1000 == 0) peak = Math.max(peak, rss(pid));
            }
            out.flush();
        } catch (IOException e) {
            System.out.println("writing failed: " + e.getMessage());
        }
        int sent = valid;
        boolean answeredAll = waitFor(() -> countAnswered(answers, sent) == sent, 120);
        long rssEnd = rss(pid);
        peak = Math.max(peak, rssEnd);
        double seconds = (System.nanoTime() - start) / 1e9;
        long[] quiet = new long[quietSeconds];
        for (int s = 0; s < quietSeconds; s++) {
            Thread.sleep(1000); // a fixed sampling period of the RSS, not a wait for an event
            quiet[s] = rss(pid);
        }
        boolean crashed = !process.isAlive();
        out.close();
        boolean exited = process.waitFor(30, TimeUnit.SECONDS);
        if (!exited) process.destroyForcibly();
        reader.join(5_000);
        int lost = sent - countAnswered(answers, sent);
        long duplicated = answers.entrySet().stream().filter(e -> !e.getKey().equals("v-init"))
                .filter(e -> e.getValue().get() > 1).count();
        System.out.printf("valid sent %d, hostile sent %d, in %.1f s%n", sent, hostileSent, seconds);
        System.out.printf("lost %d, duplicated %d, crashed %s, hung %s, exit on stdin close %s (code %s)%n", lost,
                duplicated, crashed, !answeredAll, exited, exited ? process.exitValue() : "-");
        System.out.printf("stdout lines %d, not JSON-RPC %d%n", lines.get(), nonJson.get());
        System.out.printf("RSS before %d MB, peak %d MB, end of burst %d MB, after %d s quiet %d MB (min %d MB)%n",
                rssBefore / 1024, peak / 1024, rssEnd / 1024, quietSeconds, quiet.length == 0 ? 0 : quiet[quiet.length - 1] / 1024,
                java.util.Arrays.stream(quiet).min().orElse(0) / 1024);
        StringBuilder series = new StringBuilder("RSS each second after the burst (MB):");
        for (long q : quiet) series.append(' ').append(q / 1024);
        System.out.println(series);
    }

    private static int countAnswered(ConcurrentHashMap<String, AtomicInteger> answers, int sent) {
        int n = 0;
        for (int i = 0; i < sent; i++) if (answers.containsKey("v" + i)) n++;
        return n;
    }

    /** The hostile kinds, each one line: malformed, invalid UTF-8, deep, huge, batches, stray responses, bad params. */
    private static List<byte[]> hostile() {
        var kinds = new ArrayList<byte[]>();
        kinds.add("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":".getBytes(StandardCharsets.UTF_8));
        kinds.add("{\"a\":NaN}".getBytes(StandardCharsets.UTF_8));
        kinds.add(new byte[]{'{', '"', (byte) 0xC0, (byte) 0x80, '"', ':', '1', '}'});
        kinds.add(new byte[]{'{', '"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"', ':', '1', '}'});
        kinds.add(("[".repeat(5000) + "]".repeat(5000)).getBytes(StandardCharsets.UTF_8));
        kinds.add(("{\"jsonrpc\":\"2.0\",\"id\":\"h\",\"method\":\"ping\",\"params\":{\"x\":\"" + "x".repeat(1_000_000)
                + "\"}}").getBytes(StandardCharsets.UTF_8));
        kinds.add("[{\"jsonrpc\":\"2.0\",\"id\":\"hb\",\"method\":\"ping\"},{\"jsonrpc\":\"2.0\",\"method\":\"x\"}]"
                .getBytes(StandardCharsets.UTF_8));
        kinds.add("{\"jsonrpc\":\"2.0\",\"id\":\"stray\",\"result\":{}}".getBytes(StandardCharsets.UTF_8));
        kinds.add("{\"jsonrpc\":\"2.0\",\"id\":\"hp\",\"method\":\"tools/call\",\"params\":{\"name\":7}}"
                .getBytes(StandardCharsets.UTF_8));
        kinds.add("{\"jsonrpc\":\"2.0\",\"id\":{\"x\":1},\"method\":\"ping\"}".getBytes(StandardCharsets.UTF_8));
        kinds.add(("{\"jsonrpc\":\"2.0\",\"id\":\"big\",\"method\":\"tools/list\",\"params\":{\"cursor\":\""
                + "y".repeat(200_000) + "\"}}").getBytes(StandardCharsets.UTF_8));
        return kinds;
    }

    private static void send(OutputStream out, String line) throws IOException {
        out.write(line.getBytes(StandardCharsets.UTF_8));
        out.write('\n');
    }

    private static boolean waitFor(java.util.function.BooleanSupplier done, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) return false;
            Thread.sleep(20); // polling a counter the reader thread updates; bounded by the deadline
        }
        return true;
    }

    /** Resident set size in KB, from /proc (Linux). */
    private static long rss(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("\\D", ""));
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }
}
