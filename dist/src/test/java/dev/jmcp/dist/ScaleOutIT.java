package dev.jmcp.dist;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.testkit.PluginJarBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Several jmcp instances sharing state through a real Redis, each request of a 2026-07-28 client sent to whichever
 * instance the test picks: an {@code input_required} round spread over three instances, a resource update on one
 * instance reaching listeners on the two others, Redis stopped and restarted under way or down when an instance
 * starts, and tasks read through another instance, also after the instance holding them was killed.
 */
@Timeout(180)
class ScaleOutIT {
    private static final Path REPOSITORY = Path.of(System.getProperty("jmcp.root", "..")).toAbsolutePath();
    private static final JsonCodec CODEC = JsonCodec.shared();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir
    Path work;

    private final List<Process> processes = new ArrayList<>();
    private Process redis;
    private int redisPort;
    private Path plugins;
    private int ids;

    @BeforeEach
    void install() throws Exception {
        Process install = new ProcessBuilder("bash", REPOSITORY.resolve("conformance/scaleout.sh").toString(),
                "--install-only").redirectErrorStream(true).start();
        String output = new String(install.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(install.waitFor(600, TimeUnit.SECONDS)).isTrue();
        assertThat(install.exitValue()).as(output).isZero();
        redisPort = freePort();
        startRedis();
        plugins = Distribution.copyOfBundledPlugins(work.resolve("plugins"));
        PluginJarBuilder.create().plugin("demo.Shared", """
                package demo;

                import dev.jmcp.plugin.InputRequest;
                import dev.jmcp.plugin.Plugin;
                import dev.jmcp.plugin.Registrar;
                import dev.jmcp.plugin.TaskSupport;
                import dev.jmcp.protocol.CallToolResult;
                import dev.jmcp.protocol.ElicitRequest;
                import dev.jmcp.protocol.LoggingLevel;
                import dev.jmcp.protocol.ReadResourceResult;
                import dev.jmcp.protocol.Resource;
                import dev.jmcp.protocol.Tool;
                import java.time.Duration;
                import java.util.Map;

                public final class Shared implements Plugin {
                    @Override
                    public void register(Registrar registrar) {
                        var schema = Map.<String, Object>of("type", "object", "properties",
                                Map.of("answer", Map.of("type", "string")));
                        registrar.tool(new Tool("two_questions", "Asks twice", null), (args, ctx) -> {
                            var first = ctx.elicit(ElicitRequest.form("First?", schema), Duration.ofSeconds(10));
                            var second = ctx.elicit(ElicitRequest.form("Second?", schema), Duration.ofSeconds(10));
                            return CallToolResult.text(first.content().get("answer") + "+" + second.content().get("answer"));
                        });
                        registrar.resource(new Resource("demo://shared", "shared", null, null, "text/plain", null,
                                null, null, null), (uri, ctx) -> ReadResourceResult.text(uri, "text/plain", "shared"));
                        registrar.tool(new Tool("log_then_wait", "Logs a line, then works until stopped", null),
                                (args, ctx) -> {
                                    ctx.log(LoggingLevel.WARNING, "halfway there");
                                    Thread.sleep(600_000);
                                    return CallToolResult.text("never");
                                });
                        registrar.tool(new Tool("touch", "Says demo://shared changed", null), (args, ctx) -> {
                            ctx.resourceUpdated("demo://shared");
                            return CallToolResult.text("touched");
                        });
                        registrar.tool(new Tool("task_question", "A task that asks the user one question", null),
                                (args, ctx) -> {
                                    ctx.startTask();
                                    var answer = ctx.requestInputs(Map.of("colour", InputRequest.elicit(
                                            ElicitRequest.form("Colour?", schema))), Duration.ofSeconds(60))
                                            .elicitation("colour");
                                    return CallToolResult.text("task heard " + answer.content().get("answer"));
                                }, TaskSupport.OPTIONAL);
                        registrar.tool(new Tool("quick_task", "A task that ends at once", null), (args, ctx) -> {
                            ctx.startTask();
                            return CallToolResult.text("quick task done");
                        }, TaskSupport.OPTIONAL);
                        registrar.tool(new Tool("endless_task", "A task that works until it is stopped", null),
                                (args, ctx) -> {
                                    ctx.startTask();
                                    Thread.sleep(600_000);
                                    return CallToolResult.text("never");
                                }, TaskSupport.OPTIONAL);
                    }
                }
                """).writeTo(plugins.resolve("shared.jar"));
    }

    @AfterEach
    void stop() throws InterruptedException {
        for (Process process : processes) process.destroy();
        for (Process process : processes) if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly();
        if (redis != null) redis.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }

    private static int freePort() throws IOException {
        return Distribution.freePort();
    }

    private void startRedis() throws Exception {
        redis = new ProcessBuilder("redis-server", "--bind", "127.0.0.1", "--port", String.valueOf(redisPort),
                "--save", "", "--appendonly", "no").redirectErrorStream(true)
                .redirectOutput(work.resolve("redis-" + System.nanoTime() + ".log").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            try (var socket = new Socket("127.0.0.1", redisPort)) {
                return;
            } catch (IOException notYet) {
                assertThat(System.nanoTime()).as("redis-server listens").isLessThan(deadline);
                Thread.sleep(50);
            }
        }
    }

    private URI instance(boolean shared) throws Exception {
        return server(shared).url();
    }

    private Distribution.HttpServer server(boolean shared) throws Exception {
        var args = new ArrayList<>(List.of("--port", String.valueOf(freePort()), "-p", plugins.toString()));
        if (shared) args.addAll(List.of("--state", "redis://127.0.0.1:" + redisPort));
        var server = Distribution.serveHttp(args, Map.of());
        processes.add(server.process());
        return server;
    }

    private static Map<String, Object> meta() {
        var meta = new LinkedHashMap<String, Object>();
        meta.put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
        meta.put("io.modelcontextprotocol/clientInfo", Map.of("name", "scale-out", "version", "1"));
        meta.put("io.modelcontextprotocol/clientCapabilities", Map.of("elicitation", Map.of(),
                "extensions", Map.of("io.modelcontextprotocol/tasks", Map.of())));
        return meta;
    }

    private HttpRequest.Builder post(URI url, String method, String name, Map<String, Object> params) {
        var message = Map.of("jsonrpc", "2.0", "id", ++ids, "method", method, "params", params);
        var request = HttpRequest.newBuilder(url).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", method).POST(HttpRequest.BodyPublishers.ofString(CODEC.writeValueAsString(message)));
        if (name != null) request.header("Mcp-Name", name);
        return request;
    }

    /** The one JSON-RPC response of a request (from a JSON body or the last event of a stream). */
    private Map<String, Object> call(URI url, String tool, Map<String, Object> extra) throws Exception {
        var params = new LinkedHashMap<String, Object>(Map.of("name", tool, "arguments", Map.of(), "_meta", meta()));
        params.putAll(extra);
        return rpc(url, "tools/call", tool, params);
    }

    /** {@code tasks/get} of {@code taskId}, asked of the instance at {@code url}. */
    private Map<String, Object> taskGet(URI url, String taskId) throws Exception {
        return rpc(url, "tasks/get", taskId, Map.of("taskId", taskId, "_meta", meta()));
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> rpc(URI url, String method, String name, Map<String, Object> params) throws Exception {
        String body = HTTP.send(post(url, method, name, params).build(), HttpResponse.BodyHandlers.ofString()).body();
        String json = body.startsWith("{") ? body : body.lines().filter(l -> l.startsWith("data:"))
                .map(l -> l.substring(5).strip()).filter(l -> l.contains("\"id\"")).reduce((a, b) -> b).orElseThrow();
        return (Map<String, Object>) CODEC.parse(json.getBytes(StandardCharsets.UTF_8));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> result(Map<String, Object> response) {
        assertThat(response).as(String.valueOf(response)).containsKey("result");
        return (Map<String, Object>) response.get("result");
    }

    @SuppressWarnings("unchecked")
    private static String onlyKey(Map<String, Object> inputRequired) {
        return ((Map<String, Object>) inputRequired.get("inputRequests")).keySet().iterator().next();
    }

    private static Map<String, Object> answer(String key, String text) {
        return Map.of(key, Map.of("action", "accept", "content", Map.of("answer", text)));
    }

    @Test
    void anInputRequiredRoundSpreadOverThreeInstancesSucceeds() throws Exception {
        URI a = instance(true);
        URI b = instance(true);
        URI c = instance(true);
        var first = result(call(a, "two_questions", Map.of()));
        assertThat(first.get("resultType")).isEqualTo("input_required");
        var second = result(call(b, "two_questions", Map.of("inputResponses", answer(onlyKey(first), "one"),
                "requestState", first.get("requestState"))));
        assertThat(second.get("resultType")).isEqualTo("input_required");
        var done = result(call(c, "two_questions", Map.of("inputResponses", answer(onlyKey(second), "two"),
                "requestState", second.get("requestState"))));
        assertThat(done.toString()).contains("one+two");

        // Without the shared state an instance cannot read what another sealed: what the shared key is for.
        URI alone = instance(false);
        var refused = call(alone, "two_questions", Map.of("inputResponses", answer(onlyKey(second), "two"),
                "requestState", second.get("requestState")));
        assertThat(refused).containsKey("error");
        assertThat(refused.toString()).contains("another server");
    }

    /** Opens a listen stream on {@code url} for demo://shared; its lines arrive on the returned queue. */
    private LinkedBlockingQueue<String> listen(URI url) throws Exception {
        var params = Map.<String, Object>of("notifications", Map.of("resourceSubscriptions", List.of("demo://shared")),
                "_meta", meta());
        var lines = new LinkedBlockingQueue<String>();
        HTTP.sendAsync(post(url, "subscriptions/listen", null, params).build(), HttpResponse.BodyHandlers.ofLines())
                .thenAccept(response -> Thread.ofVirtual().start(() -> response.body().forEach(lines::add)));
        String line;
        do {
            line = lines.poll(20, TimeUnit.SECONDS);
            assertThat(line).as("the listen stream on " + url + " is acknowledged").isNotNull();
        } while (!line.contains("acknowledged"));
        return lines;
    }

    private static boolean updated(LinkedBlockingQueue<String> lines, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        String line;
        while ((line = lines.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) != null) {
            if (line.contains("notifications/resources/updated") && line.contains("demo://shared")) return true;
        }
        return false;
    }

    @Test
    void aResourceUpdatedOnOneInstanceReachesListenersOnTheOthersAndAgainAfterRedisRestarts() throws Exception {
        URI a = instance(true);
        URI b = instance(true);
        URI c = instance(true);
        var onA = listen(a);
        var onB = listen(b);
        assertThat(result(call(c, "touch", Map.of())).toString()).contains("touched");
        assertThat(updated(onA, Duration.ofSeconds(10))).as("the listener on instance A heard it").isTrue();
        assertThat(updated(onB, Duration.ofSeconds(10))).as("the listener on instance B heard it").isTrue();
        assertThat(updated(onA, Duration.ofMillis(500))).as("exactly once").isFalse();

        // Load from here on, over all three instances, while Redis goes away and comes back: not one call may fail.
        var load = new Load(List.of(a, b, c));
        Thread loader = Thread.ofPlatform().name("scale-out-load").start(load);

        // Redis goes away: the instances keep serving what needs no Redis.
        redis.destroy();
        assertThat(redis.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(result(call(c, "touch", Map.of())).toString()).contains("touched");
        var first = result(call(a, "two_questions", Map.of()));
        assertThat(result(call(b, "two_questions", Map.of("inputResponses", answer(onlyKey(first), "one"),
                "requestState", first.get("requestState")))).get("resultType")).isEqualTo("input_required");

        // Redis comes back: the instances reconnect and changes travel again.
        startRedis();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        boolean heard = false;
        while (!heard) {
            assertThat(System.nanoTime()).as("changes travel again after Redis restarted").isLessThan(deadline);
            call(c, "touch", Map.of());
            heard = updated(onA, Duration.ofMillis(700));
        }
        // Redis may go and come back within a few hundred milliseconds: the load goes on until it has made its calls.
        long enough = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (load.answered.get() <= 50 && load.failures.isEmpty() && System.nanoTime() < enough) Thread.sleep(20);
        load.stop();
        assertThat(loader.join(Duration.ofSeconds(30))).isTrue();
        assertThat(load.failures).as("calls that failed while Redis went and came back").isEmpty();
        assertThat(load.answered.get()).as("calls answered under way").isGreaterThan(50);
    }

    /**
     * Stateless {@code tools/call sleep} requests, round robin over {@code urls}, one kept-alive hand-written HTTP
     * connection per instance (so a client library's own trouble is not counted), until stopped.
     */
    private static final class Load implements Runnable {
        private final List<URI> urls;
        private final java.util.concurrent.atomic.AtomicInteger answered = new java.util.concurrent.atomic.AtomicInteger();
        private final List<String> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
        private volatile boolean stopped;

        Load(List<URI> urls) {
            this.urls = urls;
        }

        void stop() {
            stopped = true;
        }

        @Override
        public void run() {
            var connections = urls.stream().map(RawHttp.KeptAliveConnection::new).toList();
            try {
                for (int i = 0; !stopped && failures.size() < 10; i++) {
                    var connection = connections.get(i % connections.size());
                    var params = Map.<String, Object>of("name", "sleep", "arguments", Map.of("milliseconds", 1),
                            "_meta", meta());
                    String body = CODEC.writeValueAsString(Map.of("jsonrpc", "2.0", "id", "load-" + i, "method",
                            "tools/call", "params", params));
                    try {
                        var response = connection.send("POST", Map.of("Content-Type", "application/json", "Accept",
                                "application/json, text/event-stream", "MCP-Protocol-Version", "2026-07-28",
                                "Mcp-Method", "tools/call", "Mcp-Name", "sleep"),
                                body.getBytes(StandardCharsets.UTF_8));
                        if (response.status() == 200 && response.body().contains("\"result\"")) answered.incrementAndGet();
                        else failures.add(response.status() + " " + response.body());
                    } catch (IOException e) {
                        failures.add(connection + ": " + e);
                    }
                }
            } finally {
                connections.forEach(RawHttp.KeptAliveConnection::close);
            }
        }
    }

    @Test
    void anInstanceStartsWhileRedisIsDownRefusesOnlyWhatNeedsItAndRecoversWhenRedisComes() throws Exception {
        redis.destroy();
        assertThat(redis.waitFor(10, TimeUnit.SECONDS)).isTrue();
        var server = server(true);
        assertThat(server.stderr().toString()).contains("Redis at redis://127.0.0.1:" + redisPort).contains("Serving anyway");
        // What needs no shared state is served.
        assertThat(result(call(server.url(), "touch", Map.of())).toString()).contains("touched");
        // An input_required round needs the shared request-state key: refused with a reason, not a broken state.
        var refused = call(server.url(), "two_questions", Map.of());
        assertThat(refused).as(String.valueOf(refused)).containsKey("error");
        @SuppressWarnings("unchecked")
        var error = (Map<String, Object>) refused.get("error");
        assertThat(error.get("code")).isEqualTo(-32000);
        assertThat((String) error.get("message")).contains("Redis at redis://127.0.0.1:" + redisPort).contains("retry");

        startRedis();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        Map<String, Object> response;
        while ((response = call(server.url(), "two_questions", Map.of())).containsKey("error")) {
            assertThat(System.nanoTime()).as("served again once Redis is up: " + response).isLessThan(deadline);
            Thread.sleep(200);
        }
        assertThat(result(response).get("resultType")).isEqualTo("input_required");
    }

    @Test
    void aTaskIsReadThroughAnyInstanceAndReadsAsItEndedOrAsFailedOnceItsInstanceIsKilled() throws Exception {
        var holder = server(true);
        URI a = holder.url();
        URI b = instance(true);
        var quick = result(call(a, "quick_task", Map.of()));
        assertThat(quick.get("resultType")).as(String.valueOf(quick)).isEqualTo("task");
        String quickId = (String) quick.get("taskId");
        var endless = result(call(a, "endless_task", Map.of()));
        String endlessId = (String) endless.get("taskId");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!"completed".equals(result(taskGet(b, quickId)).get("status"))) {
            assertThat(System.nanoTime()).as("the quick task completes, read through B").isLessThan(deadline);
            Thread.sleep(100);
        }
        assertThat(result(taskGet(b, endlessId)).get("status")).as("read through B while A runs").isEqualTo("working");

        // The holder dies without a word: no shutdown, no last record.
        holder.process().destroyForcibly();
        assertThat(holder.process().waitFor(10, TimeUnit.SECONDS)).isTrue();
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        Map<String, Object> lost;
        while (!(lost = taskGet(b, endlessId)).containsKey("result")
                || !"failed".equals(result(lost).get("status"))) {
            assertThat(System.nanoTime()).as("the task of the killed instance reads failed: " + lost)
                    .isLessThan(deadline);
            Thread.sleep(250);
        }
        assertThat(result(lost).toString()).contains("stopped before the task ended");
        var ended = result(taskGet(b, quickId));
        assertThat(ended.get("status")).isEqualTo("completed");
        assertThat(ended.toString()).contains("quick task done");
        // Ended tasks are not changed by a cancel; it is acknowledged, as for any ended task.
        assertThat(result(rpc(b, "tasks/cancel", endlessId, Map.of("taskId", endlessId, "_meta", meta())))
                .get("resultType")).isEqualTo("complete");
        assertThat(result(taskGet(b, endlessId)).get("status")).isEqualTo("failed");
    }

    @Test
    void aTaskCreatedOnOneInstanceIsAnsweredOnASecondAndReadOnAThird() throws Exception {
        URI a = instance(true);
        URI b = instance(true);
        URI c = instance(true);
        var created = result(call(a, "task_question", Map.of()));
        String id = (String) created.get("taskId");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        Map<String, Object> asking;
        while (!"input_required".equals((asking = result(taskGet(b, id))).get("status"))) {
            assertThat(System.nanoTime()).as("the task asks, read through B: " + asking).isLessThan(deadline);
            Thread.sleep(100);
        }
        @SuppressWarnings("unchecked")
        String key = ((Map<String, Object>) asking.get("inputRequests")).keySet().iterator().next();
        var updated = rpc(b, "tasks/update", id, Map.of("taskId", id, "inputResponses", answer(key, "blue"),
                "_meta", meta()));
        assertThat(result(updated).get("resultType")).isEqualTo("complete");
        Map<String, Object> done;
        while (!"completed".equals((done = result(taskGet(c, id))).get("status"))) {
            assertThat(System.nanoTime()).as("the task completes, read through C: " + done).isLessThan(deadline);
            Thread.sleep(100);
        }
        assertThat(done.toString()).contains("task heard blue");
    }

    @Test
    void aListenerWhoseInstanceIsKilledListensAgainOnAnotherAndHearsWhatFollows() throws Exception {
        var doomed = server(true);
        URI b = instance(true);
        URI c = instance(true);
        var onDoomed = listen(doomed.url());
        assertThat(result(call(c, "touch", Map.of())).toString()).contains("touched");
        assertThat(updated(onDoomed, Duration.ofSeconds(10))).isTrue();

        doomed.process().destroyForcibly();
        assertThat(doomed.process().waitFor(10, TimeUnit.SECONDS)).isTrue();
        // The client sees its stream end and listens again wherever the balancer sends it.
        var again = listen(b);
        assertThat(result(call(c, "touch", Map.of())).toString()).contains("touched");
        assertThat(updated(again, Duration.ofSeconds(10))).as("heard on the new instance").isTrue();
        assertThat(updated(onDoomed, Duration.ofMillis(300))).as("nothing on the dead stream").isFalse();
    }

    /** A POST of {@code message} in stateful session {@code session} (null before it has one), revision 2025-11-25. */
    private static HttpRequest.Builder stateful(URI url, String session, Map<String, Object> message) {
        var request = HttpRequest.newBuilder(url).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(CODEC.writeValueAsString(message)));
        if (session != null) request.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-11-25");
        return request;
    }

    private static HttpRequest.Builder streamOf(URI url, String session) {
        return HttpRequest.newBuilder(url).header("Accept", "text/event-stream").header("Mcp-Session-Id", session)
                .header("MCP-Protocol-Version", "2025-11-25").GET();
    }

    private static Map<String, Object> request(int id, String method, Map<String, Object> params) {
        return Map.of("jsonrpc", "2.0", "id", id, "method", method, "params", params);
    }

    /** Sends {@code request}; the lines of its answer arrive on the returned queue as they come. */
    private static LinkedBlockingQueue<String> lines(HttpRequest request) {
        var lines = new LinkedBlockingQueue<String>();
        HTTP.sendAsync(request, HttpResponse.BodyHandlers.ofLines())
                .thenAccept(response -> Thread.ofVirtual().start(() -> response.body().forEach(lines::add)));
        return lines;
    }

    private static String awaitLine(LinkedBlockingQueue<String> lines, String containing) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        String line;
        while ((line = lines.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) != null) {
            if (line.contains(containing)) return line;
        }
        throw new AssertionError("no line with '" + containing + "' within 20 s");
    }

    @Test
    void aStatefulSessionWhoseInstanceIsKilledGoesOnOnAnotherWithItsStreamsAndSubscriptions() throws Exception {
        var doomed = server(true);
        URI b = instance(true);
        URI c = instance(true);
        var opened = HTTP.send(stateful(doomed.url(), null, request(1, "initialize", Map.of("protocolVersion",
                "2025-11-25", "capabilities", Map.of(), "clientInfo", Map.of("name", "scale-out", "version", "1"))))
                .build(), HttpResponse.BodyHandlers.ofString());
        String session = opened.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertThat(HTTP.send(stateful(doomed.url(), session, Map.of("jsonrpc", "2.0", "method",
                "notifications/initialized")).build(), HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(202);
        assertThat(HTTP.send(stateful(doomed.url(), session, request(2, "resources/subscribe",
                Map.of("uri", "demo://shared"))).build(), HttpResponse.BodyHandlers.ofString()).body()).contains("result");

        // A call that logs and works on: its stream has carried the log line when the instance dies.
        var call = lines(stateful(doomed.url(), session, request(3, "tools/call",
                Map.of("name", "log_then_wait", "arguments", Map.of()))).build());
        String priming = awaitLine(call, "id: ").substring("id: ".length()).strip();
        awaitLine(call, "halfway there");
        doomed.process().destroyForcibly();
        assertThat(doomed.process().waitFor(10, TimeUnit.SECONDS)).isTrue();

        // The client resumes the stream where the balancer now sends it: the log line again, then one answer.
        var resumed = HTTP.send(streamOf(b, session).header("Last-Event-ID", priming).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(resumed.statusCode()).as(resumed.body()).isEqualTo(200);
        assertThat(resumed.body()).contains("halfway there").contains("\"id\":3").contains("-32603")
                .contains("stopped before answering");
        assertThat(resumed.body().split("\"id\":3", -1)).as("exactly one answer").hasSize(2);

        // The session goes on there, with no new initialize, and keeps its subscription.
        assertThat(HTTP.send(stateful(b, session, request(4, "tools/list", Map.of())).build(),
                HttpResponse.BodyHandlers.ofString()).body()).contains("log_then_wait");
        var standalone = lines(streamOf(b, session).build());
        awaitLine(standalone, "id: ");
        assertThat(HTTP.send(stateful(b, session, request(5, "tools/call", Map.of("name", "touch", "arguments",
                Map.of()))).build(), HttpResponse.BodyHandlers.ofString()).body()).contains("touched");
        assertThat(updated(standalone, Duration.ofSeconds(10))).as("the subscription was taken over too").isTrue();

        // Deleted there, it is gone everywhere.
        assertThat(HTTP.send(HttpRequest.newBuilder(b).header("Mcp-Session-Id", session).DELETE().build(),
                HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(204);
        assertThat(HTTP.send(stateful(c, session, request(6, "tools/list", Map.of())).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(404);
    }
}
