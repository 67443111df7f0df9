package dev.jmcp.bench.load;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Stateless (2026-07-28) {@code tools/call} throughput against one URL, as a load balancer in front of several
 * instances sees it: C callers on virtual threads, each one request at a time over keep-alive HTTP/1.1, for a warm-up
 * and then a measured time; every answer is checked. Prints one line: requests per second, p50 and p99 latency.
 *
 * <pre>java -cp ... dev.jmcp.bench.load.StatelessLoad URL TOOL ARGUMENTS_JSON [CONCURRENCY] [SECONDS] [WARMUP_SECONDS]</pre>
 */
public final class StatelessLoad {
    private StatelessLoad() {
    }

    public static void main(String[] args) throws Exception {
        URI url = URI.create(args[0]);
        String tool = args[1];
        String arguments = args[2];
        int concurrency = args.length > 3 ? Integer.parseInt(args[3]) : 16;
        int seconds = args.length > 4 ? Integer.parseInt(args[4]) : 10;
        int warmup = args.length > 5 ? Integer.parseInt(args[5]) : 3;
        String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + ",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":"
                + "\"2026-07-28\",\"io.modelcontextprotocol/clientInfo\":{\"name\":\"bench\",\"version\":\"1\"},"
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        HttpRequest request = HttpRequest.newBuilder(url).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "tools/call").header("Mcp-Name", tool)
                .POST(HttpRequest.BodyPublishers.ofString(body)).timeout(Duration.ofSeconds(30)).build();

        var measuring = new AtomicBoolean();
        var stop = new AtomicBoolean();
        var failures = new AtomicLong();
        var latencies = new ArrayList<long[]>();
        var threads = new ArrayList<Thread>();
        for (int i = 0; i < concurrency; i++) {
            long[] samples = new long[4_000_000 / concurrency];
            long[] count = new long[1];
            latencies.add(samples);
            threads.add(Thread.ofVirtual().start(() -> {
                int n = 0;
                while (!stop.get()) {
                    long start = System.nanoTime();
                    try {
                        var response = http.send(request, HttpResponse.BodyHandlers.ofString());
                        if (response.statusCode() != 200 || !response.body().contains("\"result\"")) {
                            failures.incrementAndGet();
                        }
                    } catch (Exception e) {
                        failures.incrementAndGet();
                    }
                    if (measuring.get() && n < samples.length - 1) samples[++n] = System.nanoTime() - start;
                }
                samples[0] = n;
            }));
        }
        Thread.sleep(warmup * 1000L);
        failures.set(0);
        measuring.set(true);
        long began = System.nanoTime();
        Thread.sleep(seconds * 1000L);
        measuring.set(false);
        double elapsed = (System.nanoTime() - began) / 1e9;
        stop.set(true);
        for (Thread t : threads) t.join();
        List<Long> all = new ArrayList<>();
        for (long[] samples : latencies) {
            for (int i = 1; i <= samples[0]; i++) all.add(samples[i]);
        }
        long[] sorted = all.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(sorted);
        System.out.printf(Locale.ROOT, "stateless tools/call: %.0f req/s, p50 %.2f ms, p99 %.2f ms (%d requests, C=%d, "
                        + "%d failed)%n", sorted.length / elapsed, sorted[sorted.length / 2] / 1e6,
                sorted[(int) (sorted.length * 0.99)] / 1e6, sorted.length, concurrency, failures.get());
    }
}
