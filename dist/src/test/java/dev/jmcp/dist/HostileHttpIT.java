package dev.jmcp.dist;

import dev.jmcp.protocol.json.JsonCodec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hostile HTTP and real calls at once, against the distribution: three threads send requests of sixteen hostile kinds
 * (broken JSON, bad UTF-8, deep nesting, oversized bodies, wrong media types, missing or unknown sessions, bad ids,
 * bad revisions, header mismatches, wrong methods) while a fourth calls a tool in its session. Every hostile request
 * gets the 4xx its kind calls for with a JSON-RPC error a person can read (never a 5xx, an HTML page, a stack trace
 * or silence); every call is answered once with its result; the server stays up, and within seconds of the burst its
 * resident memory is back near where it started (the figures are printed).
 */
@Timeout(300)
class HostileHttpIT {
    private static final int ROUNDS_PER_THREAD = 3_000;
    private static final int HOSTILE_THREADS = 3;
    private static final int MAX_MESSAGE = 64 * 1024;
    /** How far above its resident memory before the burst the server may stay once it has settled. */
    private static final long SETTLED_ABOVE_START_KIB = 96 * 1024;
    private static final JsonCodec CODEC = JsonCodec.shared();
    /** What must never reach a client: internals of the JSON library, the HTTP server or the JVM. */
    private static final Pattern LEAK = Pattern.compile("(?i)jackson|jetty|exception|\\bat dev\\.|dev\\.jmcp\\.|<html");

    /** One kind of hostile request: how to send it and the statuses it may get. */
    private record Kind(String name, String method, Map<String, String> headers, byte[] body, Set<Integer> statuses) {
    }

    @TempDir
    Path work;

    private Process server;

    @AfterEach
    void stop() throws InterruptedException {
        if (server != null) {
            server.destroy();
            if (!server.waitFor(10, TimeUnit.SECONDS)) server.destroyForcibly();
        }
    }

    private static Map<String, String> json(String session) {
        var headers = new java.util.LinkedHashMap<String, String>();
        headers.put("Content-Type", "application/json");
        headers.put("Accept", "application/json, text/event-stream");
        headers.put("MCP-Protocol-Version", "2025-11-25");
        if (session != null) headers.put("Mcp-Session-Id", session);
        return headers;
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static List<Kind> kinds(String session) {
        String call = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"sleep\","
                + "\"arguments\":{\"milliseconds\":0}}}";
        var kinds = new ArrayList<Kind>();
        kinds.add(new Kind("broken JSON", "POST", json(session), utf8("{\"jsonrpc\":\"2.0\",\"id\":1,"), Set.of(400)));
        kinds.add(new Kind("invalid UTF-8", "POST", json(session), new byte[]{'{', '"', (byte) 0xC0, (byte) 0x80, '"',
                ':', '1', '}'}, Set.of(400)));
        kinds.add(new Kind("deep nesting", "POST", json(session), utf8("[".repeat(20_000) + "]".repeat(20_000)),
                Set.of(400)));
        kinds.add(new Kind("oversized body", "POST", json(session), utf8("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":"
                + "\"ping\",\"params\":{\"pad\":\"" + "x".repeat(MAX_MESSAGE) + "\"}}"), Set.of(413)));
        var text = json(session);
        text.put("Content-Type", "text/plain");
        kinds.add(new Kind("wrong content type", "POST", text, utf8(call), Set.of(415)));
        var noStream = json(session);
        noStream.put("Accept", "application/json");
        kinds.add(new Kind("Accept without event streams", "POST", noStream, utf8(call), Set.of(406)));
        kinds.add(new Kind("unknown session", "POST", json("0123456789abcdef0123456789abcdef"), utf8(call),
                Set.of(404)));
        kinds.add(new Kind("no session, not initialize", "POST", json(null), utf8(call), Set.of(400)));
        kinds.add(new Kind("id of a wrong type", "POST", json(session), utf8("{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},"
                + "\"method\":\"ping\"}"), Set.of(400)));
        kinds.add(new Kind("not JSON-RPC 2.0", "POST", json(session), utf8("{\"jsonrpc\":\"1.0\",\"id\":1,"
                + "\"method\":\"ping\"}"), Set.of(400)));
        var badVersion = json(session);
        badVersion.put("MCP-Protocol-Version", "1999-01-01");
        kinds.add(new Kind("unknown revision header", "POST", badVersion, utf8(call), Set.of(400)));
        var stateless = json(null);
        stateless.put("MCP-Protocol-Version", "2026-07-28");
        stateless.put("Mcp-Method", "tools/list");
        kinds.add(new Kind("header that contradicts the body", "POST", stateless, utf8("{\"jsonrpc\":\"2.0\",\"id\":1,"
                + "\"method\":\"tools/call\",\"params\":{\"name\":\"sleep\",\"arguments\":{},\"_meta\":{"
                + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientInfo\":"
                + "{\"name\":\"h\",\"version\":\"1\"},\"io.modelcontextprotocol/clientCapabilities\":{}}}}"),
                Set.of(400)));
        kinds.add(new Kind("empty body", "POST", json(session), new byte[0], Set.of(400)));
        kinds.add(new Kind("PUT", "PUT", json(session), utf8(call), Set.of(405)));
        var getJson = json(session);
        getJson.put("Accept", "application/json");
        kinds.add(new Kind("GET without event streams", "GET", getJson, new byte[0], Set.of(406)));
        kinds.add(new Kind("DELETE of an unknown session", "DELETE", json("ffffffffffffffffffffffffffffffff"),
                new byte[0], Set.of(404)));
        return kinds;
    }

    @Test
    void everyHostileRequestGetsItsOwnClientErrorWhileEveryCallIsAnsweredOnce() throws Exception {
        var started = Distribution.serveHttp(List.of("--port", String.valueOf(Distribution.freePort()), "-p",
                Distribution.copyOfBundledPlugins(work.resolve("plugins")).toString(), "--max-message-size",
                String.valueOf(MAX_MESSAGE)), Map.of());
        server = started.process();
        URI url = started.url();
        String session = open(url);
        List<Kind> kinds = kinds(session);
        long beforeKiB = residentKiB(server.pid());

        var problems = new ConcurrentHashMap<String, String>();
        var refused = new AtomicInteger();
        var answered = new AtomicInteger();
        var done = new AtomicBoolean();
        var threads = new ArrayList<Thread>();
        for (int t = 0; t < HOSTILE_THREADS; t++) {
            int offset = t;
            threads.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < ROUNDS_PER_THREAD; i++) {
                    Kind kind = kinds.get((i + offset) % kinds.size());
                    try (var connection = new RawHttp.KeptAliveConnection(url)) {
                        var response = connection.send(kind.method(), kind.headers(), kind.body());
                        String problem = judge(kind, response);
                        if (problem != null) problems.putIfAbsent(kind.name(), problem);
                        else refused.incrementAndGet();
                    } catch (IOException e) {
                        problems.putIfAbsent(kind.name(), "no answer: " + e);
                    }
                }
            }));
        }
        Thread caller = Thread.ofPlatform().start(() -> {
            try (var connection = new RawHttp.KeptAliveConnection(url)) {
                for (int i = 0; !done.get() || i < 200; i++) {
                    String id = "call-" + i;
                    var response = connection.post(session, "{\"jsonrpc\":\"2.0\",\"id\":\"" + id + "\",\"method\":"
                            + "\"tools/call\",\"params\":{\"name\":\"sleep\",\"arguments\":{\"milliseconds\":0}}}");
                    var answers = response.messages().stream().filter(m -> id.equals(m.get("id"))).toList();
                    if (response.status() != 200 || answers.size() != 1 || !answers.getFirst().containsKey("result")) {
                        problems.putIfAbsent("call " + id, response.status() + " " + response.body());
                        return;
                    }
                    answered.incrementAndGet();
                }
            } catch (IOException e) {
                problems.putIfAbsent("calls", e.toString());
            }
        });
        for (Thread thread : threads) assertThat(thread.join(java.time.Duration.ofSeconds(240))).isTrue();
        done.set(true);
        assertThat(caller.join(java.time.Duration.ofSeconds(60))).isTrue();

        assertThat(problems).as("hostile kinds or calls that were not answered as they should be").isEmpty();
        assertThat(refused.get()).isEqualTo(HOSTILE_THREADS * ROUNDS_PER_THREAD);
        assertThat(answered.get()).isGreaterThanOrEqualTo(200);
        assertThat(server.isAlive()).as(started.stderr().toString()).isTrue();
        // Still serving, in the same session.
        try (var connection = new RawHttp.KeptAliveConnection(url)) {
            assertThat(connection.post(session, "{\"jsonrpc\":\"2.0\",\"id\":\"after\",\"method\":\"ping\"}").status())
                    .isEqualTo(200);
        }
        long afterKiB = residentKiB(server.pid());
        // Memory gives back what the burst took: the launcher's G1 collects when idle and uncommits what it grew.
        long settledKiB = afterKiB;
        long settleStart = System.nanoTime();
        long deadline = settleStart + TimeUnit.SECONDS.toNanos(30);
        while (settledKiB > beforeKiB + SETTLED_ABOVE_START_KIB && System.nanoTime() < deadline) {
            Thread.sleep(500);
            settledKiB = residentKiB(server.pid());
        }
        System.out.printf("hostile HTTP: %d hostile requests of %d kinds refused as they should be, %d calls answered"
                + " meanwhile, 0 lost; server RSS %d MiB before, %d MiB after the burst, %d MiB %.1f s later%n",
                refused.get(), kinds.size(), answered.get(), beforeKiB / 1024, afterKiB / 1024, settledKiB / 1024,
                (System.nanoTime() - settleStart) / 1e9);
        assertThat(settledKiB).as("resident memory within 30 s of the burst (%d KiB before it, %d KiB right after)",
                beforeKiB, afterKiB).isLessThanOrEqualTo(beforeKiB + SETTLED_ABOVE_START_KIB);
    }

    /** Why {@code response} is not the answer {@code kind} deserves, or null when it is. */
    private static String judge(Kind kind, RawHttp.RawResponse response) {
        if (!kind.statuses().contains(response.status())) {
            return "status " + response.status() + ", expected " + kind.statuses() + ": " + response.body();
        }
        if (!response.headers().getOrDefault("content-type", "").startsWith("application/json")) {
            return "not a JSON body: " + response.headers().get("content-type") + " " + response.body();
        }
        Object tree;
        try {
            tree = CODEC.parse(response.body().getBytes(StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            return "a body that is not JSON: " + response.body();
        }
        if (!(tree instanceof Map<?, ?> message) || !(message.get("error") instanceof Map<?, ?> error)
                || !(error.get("message") instanceof String text) || text.isBlank()) {
            return "no JSON-RPC error with a message: " + response.body();
        }
        if (LEAK.matcher(text).find()) return "the message shows internals: " + text;
        return null;
    }

    private static String open(URI url) throws IOException {
        try (var connection = new RawHttp.KeptAliveConnection(url)) {
            var response = connection.send("POST", json(null), utf8("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":"
                    + "\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                    + "\"clientInfo\":{\"name\":\"hostile\",\"version\":\"1\"}}}"));
            assertThat(response.status()).isEqualTo(200);
            String session = response.headers().get("mcp-session-id");
            assertThat(connection.post(session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                    .status()).isEqualTo(202);
            return session;
        }
    }

    /** The resident set of process {@code pid}, from {@code /proc}. */
    private static long residentKiB(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
            if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("\\D", ""));
        }
        throw new IOException("no VmRSS for process " + pid);
    }
}
