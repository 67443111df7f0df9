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
        // "stateless": no initialize; every valid message is a 2026-07-28 tools/list carrying its _meta, and the
        // hostile kinds include stateless ones.
        boolean stateless = args.length > 4 && args[4].equals("stateless");
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
        if (stateless) {
            send(out, "{\"jsonrpc\":\"2.0\",\"id\":\"v-init\",\"method\":\"tools/list\",\"params\":{" + META + "}}");
        } else {
            send(out, "{\"jsonrpc\":\"2.0\",\"id\":\"v-init\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"hostile\",\"version\":\"1\"}}}");
            send(out, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        }
        waitFor(() -> answers.containsKey("v-init"), 30);
        long rssBefore = rss(pid);
        List<byte[]> hostile = hostile(stateless);
        long start = System.nanoTime();
        int valid = 0;
        long hostileSent = 0;
        long peak = rssBefore;
        try {
            for (int i = 0; i < rounds; i++) {
                send(out, stateless
                        ? "{\"jsonrpc\":\"2.0\",\"id\":\"v" + i + "\",\"method\":\"tools/list\",\"params\":{" + META + "}}"
                        : "{\"jsonrpc\":\"2.0\",\"id\":\"v" + i + "\",\"method\":\"ping\"}");
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
        String histogram = crashed ? "" : liveHistogram(pid);
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
        System.out.print(histogram);
    }

    /** The stateless revision's _meta, as the body of a params object's first member. */
    private static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"hostile\",\"version\":\"1\"},"
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    /**
     * The live heap after a full collection ({@code jcmd GC.class_histogram} collects first): its total, and the
     * counts of the classes a registry is made of, which must not grow with input.
     */
    private static String liveHistogram(long pid) {
        var summary = new StringBuilder();
        try {
            var jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    String.valueOf(pid), "GC.class_histogram").redirectErrorStream(true).start();
            String output = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            jcmd.waitFor(60, TimeUnit.SECONDS);
            int shown = 0;
            for (String line : output.split("\n")) {
                String[] f = line.trim().split("\\s+");
                // The 15 largest classes too: what grew, when something did.
                if (f.length >= 4 && f[0].endsWith(":") && shown++ < 15) {
                    summary.append(String.format("  top %s %s objects, %s bytes%n", f[3], f[1], f[2]));
                }
                if (line.startsWith("Total") && f.length >= 3) {
                    summary.append(String.format("live heap after a full GC %d MB in %s objects%n",
                            Long.parseLong(f[2]) >> 20, f[1]));
                } else if (f.length >= 4 && (f[3].endsWith(".ToolEntry") || f[3].endsWith(".CompiledSchema")
                        || f[3].endsWith(".TypeFactory") || f[3].endsWith(".Registry"))) {
                    summary.append(String.format("  live %s: %s%n", f[3], f[1]));
                }
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            summary.append("no live histogram: ").append(e).append('\n');
        }
        return summary.toString();
    }

    private static int countAnswered(ConcurrentHashMap<String, AtomicInteger> answers, int sent) {
        int n = 0;
        for (int i = 0; i < sent; i++) if (answers.containsKey("v" + i)) n++;
        return n;
    }

    /** The hostile kinds, each one line: malformed, invalid UTF-8, deep, huge, batches, stray responses, bad params. */
    private static List<byte[]> hostile(boolean stateless) {
        var kinds = new ArrayList<byte[]>();
        if (stateless) {
            // Stateless requests a client gets wrong: unknown tool, bad arguments, forged request state, bad meta.
            kinds.add(("{\"jsonrpc\":\"2.0\",\"id\":\"s1\",\"method\":\"tools/call\",\"params\":{" + META
                    + ",\"name\":\"no_such_tool\"}}").getBytes(StandardCharsets.UTF_8));
            kinds.add(("{\"jsonrpc\":\"2.0\",\"id\":\"s2\",\"method\":\"tools/call\",\"params\":{" + META
                    + ",\"name\":\"sleep\",\"arguments\":{\"milliseconds\":\"x\"}}}").getBytes(StandardCharsets.UTF_8));
            kinds.add(("{\"jsonrpc\":\"2.0\",\"id\":\"s3\",\"method\":\"tools/call\",\"params\":{" + META
                    + ",\"name\":\"sleep\",\"arguments\":{\"milliseconds\":0},\"requestState\":\"forged\","
                    + "\"inputResponses\":{\"a\":{}}}}").getBytes(StandardCharsets.UTF_8));
            kinds.add(("{\"jsonrpc\":\"2.0\",\"id\":\"s4\",\"method\":\"tools/list\",\"params\":{\"_meta\":{"
                    + "\"io.modelcontextprotocol/protocolVersion\":\"2099-01-01\"}}}").getBytes(StandardCharsets.UTF_8));
            // With the conformance fixture (plugins/everything) among the plugins: a redeclaration each time.
            kinds.add(("{\"jsonrpc\":\"2.0\",\"id\":\"s6\",\"method\":\"tools/call\",\"params\":{" + META
                    + ",\"name\":\"test_trigger_tool_change\"}}").getBytes(StandardCharsets.UTF_8));
            // Calls that opt in to the tasks extension, so the server may hold them as tasks.
            String tasks = META.replace("clientCapabilities\":{}",
                    "clientCapabilities\":{\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}}");
            kinds.add(("{\"jsonrpc\":\"2.0\",\"id\":\"s7\",\"method\":\"tools/call\",\"params\":{" + tasks
                    + ",\"name\":\"slow_compute\",\"arguments\":{\"seconds\":0.01}}}").getBytes(StandardCharsets.UTF_8));
            kinds.add(("{\"jsonrpc\":\"2.0\",\"id\":\"s8\",\"method\":\"tools/call\",\"params\":{" + tasks
                    + ",\"name\":\"test_trigger_tool_change\"}}").getBytes(StandardCharsets.UTF_8));
            // A call that asks for input (input_required, with a signed request state), never retried.
            String asks = META.replace("clientCapabilities\":{}",
                    "clientCapabilities\":{\"elicitation\":{},\"sampling\":{},\"roots\":{}}");
            kinds.add(("{\"jsonrpc\":\"2.0\",\"id\":\"s9\",\"method\":\"tools/call\",\"params\":{" + asks
                    + ",\"name\":\"test_input_required_result_multiple_inputs\"}}").getBytes(StandardCharsets.UTF_8));
            kinds.add(("{\"jsonrpc\":\"2.0\",\"id\":\"s5\",\"method\":\"prompts/get\",\"params\":{" + META
                    + ",\"name\":\"nope\"}}").getBytes(StandardCharsets.UTF_8));
        }
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
