/*
 * Memory, start and call cost of native libraries served by bin/jmcp serve, in one run, for the three ways a library
 * can run: the native host program (the default), the child JVM (-Djmcp.native.host=jvm, the fallback and the former
 * default) and the server's own process ("isolation": "in-process").
 *
 *   dist/target/jmcp/runtime/bin/java -cp 'dist/target/jmcp/lib/*' bench/native/NativeHostFigures.java \
 *       dist/target/jmcp LIBRARY_FOLDER [CALLS]
 *
 * LIBRARY_FOLDER holds the libraries to serve (the figures in bench/RESULTS.md use the original C++ server's five:
 * libweather.so, libsleep.so, libnotification.so, libcodereview.so, libbacio-quote.so, built from its sources; this
 * script does not build them). Calls go to the tool "sleep" with {"milliseconds": 0} (the original sleep library), or
 * with CALL_TOOL/CALL_ARGS set in the environment, to another tool.
 */
import dev.jmcp.client.McpClient;
import dev.jmcp.client.ServerNotification;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class NativeHostFigures {
    static final Pattern READY = Pattern.compile("Native plugin (\\S+): its host process \\(pid \\d+\\) is ready in (\\d+) ms");

    public static void main(String[] args) throws Exception {
        Path home = Path.of(args[0]).toAbsolutePath();
        Path libraries = Path.of(args[1]).toAbsolutePath();
        int calls = args.length > 2 ? Integer.parseInt(args[2]) : 5000;
        String tool = System.getenv().getOrDefault("CALL_TOOL", "sleep");
        Map<String, Object> arguments = System.getenv("CALL_ARGS") == null ? Map.of("milliseconds", 0)
                : Map.of("text", System.getenv("CALL_ARGS"));
        for (String mode : List.of("host", "jvm", "in-process")) {
            Path plugins = Files.createTempDirectory("jmcp-native-figures-");
            try (var files = Files.list(libraries)) {
                for (Path library : files.filter(f -> f.toString().endsWith(".so")).toList()) {
                    Files.copy(library, plugins.resolve(library.getFileName()));
                    if (mode.equals("in-process")) {
                        Files.writeString(plugins.resolve(library.getFileName() + ".json"), "{\"isolation\": \"in-process\"}");
                    }
                }
            }
            int expected = (int) Files.list(plugins).filter(f -> f.toString().endsWith(".so")).count();
            var stderr = new CopyOnWriteArrayList<String>();
            var notes = new LinkedBlockingQueue<ServerNotification>();
            long t0 = System.nanoTime();
            // Pinned, so the figures stay comparable with those taken before the client negotiated by itself.
            McpClient client = McpClient.builder().protocolVersion(dev.jmcp.protocol.ProtocolVersion.LATEST_STATEFUL)
                    .requestTimeout(Duration.ofSeconds(60)).stderr(stderr::add)
                    .onNotification(notes::add)
                    .stdio(List.of(home.resolve("bin/jmcp").toString(), "serve", "-p", plugins.toString()),
                            Map.of("JMCP_OPTS", mode.equals("jvm") ? "-Djmcp.native.host=jvm" : ""));
            long initialized = System.nanoTime();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            int served = 0;
            while (System.nanoTime() < deadline) {
                served = (client.listTools().isEmpty() ? 0 : 1) + (client.listPrompts().isEmpty() ? 0 : 1)
                        + (client.listResources().isEmpty() ? 0 : 1);
                if (served == 3 && client.listTools().size() >= expected - 2) break;
                notes.poll(20, TimeUnit.MILLISECONDS);
            }
            long allServed = System.nanoTime();
            // Let the children settle, then read the resident memory of the server and of each child.
            Thread.sleep(1000);
            long server = ProcessHandle.current().children().findFirst().orElseThrow().pid();
            long serverRss = rss(server);
            var children = new ArrayList<Long>();
            ProcessHandle.of(server).orElseThrow().descendants().forEach(p -> children.add(rss(p.pid())));

            long[] took = new long[calls];
            for (int i = 0; i < Math.min(calls, 2000); i++) client.callTool(tool, arguments);
            for (int i = 0; i < calls; i++) {
                long start = System.nanoTime();
                var result = client.callTool(tool, arguments);
                took[i] = System.nanoTime() - start;
                if (result.failed()) throw new IllegalStateException("call failed: " + result);
            }
            Arrays.sort(took);
            long childTotal = children.stream().mapToLong(Long::longValue).sum();
            var ready = new ArrayList<String>();
            for (String line : stderr) {
                Matcher m = READY.matcher(line);
                if (m.find()) ready.add(m.group(1) + " " + m.group(2) + " ms");
            }
            System.out.printf("%-10s initialize %5d ms, all served %5d ms | RSS server %6d KiB, %d children %7d KiB"
                            + " (each %s) | %s p50 %5.1f µs p90 %5.1f µs p99 %6.1f µs | ready: %s%n", mode,
                    (initialized - t0) / 1_000_000, (allServed - t0) / 1_000_000, serverRss, children.size(), childTotal,
                    children, tool, took[calls / 2] / 1000.0, took[calls * 9 / 10] / 1000.0, took[calls * 99 / 100] / 1000.0,
                    ready);
            client.close();
            Thread.sleep(500);
            try (var files = Files.walk(plugins)) {
                for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(file);
            }
        }
    }

    static long rss(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("\\D", ""));
            }
        } catch (Exception e) {
            return -1;
        }
        return -1;
    }
}
