package dev.jmcp.dist;

import com.sun.net.httpserver.HttpServer;
import dev.jmcp.testkit.McpProcess;
import io.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.Span;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * OpenTelemetry from the assembled distribution: with {@code --telemetry} and the standard {@code OTEL_*} variables,
 * spans following the MCP semantic conventions, continuing the client's {@code traceparent}, reach an OTLP endpoint
 * (this test, decoding the protocol's protobuf), and the duration metric is scrapeable as Prometheus text.
 */
@Timeout(120)
class TelemetryIT {
    private static final String TRACE_ID = "0af7651916cd43dd8448eb211c80319c";
    private static final String PARENT_ID = "b7ad6b7169203331";

    @TempDir
    Path work;

    private HttpServer collector;
    private McpProcess server;
    private final List<Span> spans = new CopyOnWriteArrayList<>();
    private final List<String> metricNames = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        if (server != null) server.close();
        if (collector != null) collector.stop(0);
    }

    private int startCollector() throws Exception {
        collector = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        collector.createContext("/v1/traces", exchange -> {
            var request = ExportTraceServiceRequest.parseFrom(exchange.getRequestBody().readAllBytes());
            request.getResourceSpansList().forEach(r -> r.getScopeSpansList().forEach(s -> spans.addAll(s.getSpansList())));
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        collector.createContext("/v1/metrics", exchange -> {
            var request = ExportMetricsServiceRequest.parseFrom(exchange.getRequestBody().readAllBytes());
            request.getResourceMetricsList().forEach(r -> r.getScopeMetricsList().forEach(
                    s -> s.getMetricsList().forEach(m -> metricNames.add(m.getName()))));
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        collector.createContext("/", exchange -> {
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        collector.start();
        return collector.getAddress().getPort();
    }

    private static String attribute(Span span, String key) {
        return span.getAttributesList().stream().filter(a -> a.getKey().equals(key)).map(KeyValue::getValue)
                .map(v -> v.getStringValue()).findFirst().orElse(null);
    }

    @Test
    void aToolCallIsAServerSpanContinuingTheClientsTraceWithTheMcpAttributes() throws Exception {
        int port = startCollector();
        server = Distribution.serve(Distribution.bundledPlugins(), Map.of(
                "OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:" + port,
                "OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf",
                "OTEL_BSP_SCHEDULE_DELAY", "100",
                "OTEL_METRIC_EXPORT_INTERVAL", "300",
                "OTEL_LOGS_EXPORTER", "none",
                "OTEL_SERVICE_NAME", "jmcp-it"), work, "--telemetry");
        server.initialize("2025-11-25", Map.of());
        server.call("tools/call", Map.of("name", "sleep", "arguments", Map.of("milliseconds", 1),
                "_meta", Map.of("traceparent", "00-" + TRACE_ID + "-" + PARENT_ID + "-01")));
        server.request("tools/call", Map.of("name", "no_such_tool", "arguments", Map.of()));

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (spans.stream().noneMatch(s -> s.getName().equals("tools/call no_such_tool"))
                || !metricNames.contains("mcp.server.operation.duration")) {
            assertThat(System.nanoTime()).as("spans and metrics exported:\n" + spans + "\n" + metricNames
                    + "\n" + server.stderr()).isLessThan(deadline);
            Thread.sleep(50);
        }
        Span call = spans.stream().filter(s -> s.getName().equals("tools/call sleep")).findFirst().orElseThrow();
        assertThat(call.getKind()).isEqualTo(Span.SpanKind.SPAN_KIND_SERVER);
        assertThat(HexFormat.of().formatHex(call.getTraceId().toByteArray())).isEqualTo(TRACE_ID);
        assertThat(HexFormat.of().formatHex(call.getParentSpanId().toByteArray())).isEqualTo(PARENT_ID);
        assertThat(attribute(call, "mcp.method.name")).isEqualTo("tools/call");
        assertThat(attribute(call, "gen_ai.tool.name")).isEqualTo("sleep");
        assertThat(attribute(call, "gen_ai.operation.name")).isEqualTo("execute_tool");
        assertThat(attribute(call, "mcp.protocol.version")).isEqualTo("2025-11-25");
        assertThat(attribute(call, "mcp.session.id")).isNotBlank();
        assertThat(attribute(call, "network.transport")).isEqualTo("pipe");
        assertThat(attribute(call, "jmcp.plugin.name")).isEqualTo("sleep");

        Span failed = spans.stream().filter(s -> s.getName().equals("tools/call no_such_tool")).findFirst().orElseThrow();
        assertThat(attribute(failed, "error.type")).isEqualTo("-32602");
        assertThat(failed.getStatus().getCode().getNumber()).as("status ERROR").isEqualTo(2);
        assertThat(server.nonProtocolLines()).isEmpty();
    }

    @Test
    void aCallThroughAMountIsAClientSpanWhoseContextTheMountedServerContinues() throws Exception {
        int port = startCollector();
        Map<String, String> otel = Map.of(
                "OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:" + port,
                "OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf",
                "OTEL_BSP_SCHEDULE_DELAY", "100",
                "OTEL_METRICS_EXPORTER", "none",
                "OTEL_LOGS_EXPORTER", "none");
        Path plugins = java.nio.file.Files.createDirectories(work.resolve("plugins"));
        var mount = new java.util.LinkedHashMap<String, Object>();
        mount.put("command", Distribution.launcher().toString());
        mount.put("args", List.of("serve", "--telemetry", "-p", Distribution.bundledPlugins().toString()));
        mount.put("env", otel);
        mount.put("prefix", "in_");
        java.nio.file.Files.writeString(plugins.resolve("inner.mcp.json"),
                dev.jmcp.protocol.json.JsonCodec.shared().writeValueAsString(mount));
        server = Distribution.serve(plugins, otel, work, "--telemetry");
        server.initialize("2025-11-25", Map.of());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        Map<String, Object> answer;
        // The mounted server starts with ours; its tools appear once it answers.
        while ((answer = server.request("tools/call", Map.of("name", "in_sleep", "arguments",
                Map.of("milliseconds", 1), "_meta", Map.of("traceparent", "00-" + TRACE_ID + "-" + PARENT_ID + "-01"))))
                .containsKey("error")) {
            assertThat(System.nanoTime()).as("the mounted server serves: " + answer).isLessThan(deadline);
            Thread.sleep(200);
        }
        // Two processes export on their own schedules: wait for the mounted server's span and for ours.
        while (spans.stream().noneMatch(s -> s.getKind() == Span.SpanKind.SPAN_KIND_SERVER
                && s.getName().equals("tools/call sleep"))
                || spans.stream().noneMatch(c -> c.getKind() == Span.SpanKind.SPAN_KIND_CLIENT
                        && spans.stream().anyMatch(s -> s.getSpanId().equals(c.getParentSpanId())))) {
            assertThat(System.nanoTime()).as("both servers' spans are exported:\n" + spans).isLessThan(deadline);
            Thread.sleep(50);
        }
        var hex = HexFormat.of();
        Span client = spans.stream().filter(s -> s.getKind() == Span.SpanKind.SPAN_KIND_CLIENT).findFirst().orElseThrow();
        Span outer = spans.stream().filter(s -> s.getSpanId().equals(client.getParentSpanId())).findFirst()
                .orElseThrow(() -> new AssertionError("the client span's parent is exported: " + spans));
        assertThat(outer.getName()).isEqualTo("tools/call in_sleep");
        assertThat(hex.formatHex(outer.getParentSpanId().toByteArray())).as("continuing the caller's trace")
                .isEqualTo(PARENT_ID);
        Span inner = spans.stream().filter(s -> s.getKind() == Span.SpanKind.SPAN_KIND_SERVER
                && s.getName().equals("tools/call sleep")).findFirst().orElseThrow();
        assertThat(client.getName()).isEqualTo("tools/call sleep");
        assertThat(attribute(client, "jmcp.plugin.name")).isEqualTo("inner");
        for (Span span : List.of(outer, client, inner)) {
            assertThat(hex.formatHex(span.getTraceId().toByteArray())).as(span.getName()).isEqualTo(TRACE_ID);
        }
        assertThat(inner.getParentSpanId()).as("the mounted server continues the client span").isEqualTo(client.getSpanId());

        // A prompt and a resource passed on to the mounted server are outgoing calls too, continued there.
        server.call("prompts/get", Map.of("name", "in_code-review", "arguments", Map.of("language", "c", "code", "x")));
        server.call("resources/read", Map.of("uri", "bacio:///quote"));
        for (String name : List.of("prompts/get code-review", "resources/read bacio:///quote")) {
            while (spans.stream().noneMatch(c -> c.getKind() == Span.SpanKind.SPAN_KIND_CLIENT && c.getName().equals(name)
                    && spans.stream().anyMatch(s -> s.getKind() == Span.SpanKind.SPAN_KIND_SERVER
                            && s.getParentSpanId().equals(c.getSpanId())))) {
                assertThat(System.nanoTime()).as(name + ": a client span the mounted server continues:\n" + spans)
                        .isLessThan(deadline);
                Thread.sleep(50);
            }
        }
    }

    @Test
    void aRequestToTheClientIsAClientSpanWhoseContextTheClientReceives() throws Exception {
        int port = startCollector();
        Path plugins = Distribution.copyOfBundledPlugins(work.resolve("plugins"));
        ClientRequestsIT.writeAskerPlugin(plugins.resolve("asker.jar"));
        server = Distribution.serve(plugins, Map.of(
                "OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:" + port,
                "OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf",
                "OTEL_BSP_SCHEDULE_DELAY", "100",
                "OTEL_METRICS_EXPORTER", "none",
                "OTEL_LOGS_EXPORTER", "none"), work, "--telemetry");
        var seen = new java.util.concurrent.atomic.AtomicReference<Map<String, Object>>();
        server.onRequest("sampling/createMessage", params -> {
            seen.set(params);
            return Map.of("role", "assistant", "content", Map.of("type", "text", "text", "Rome"), "model", "m");
        });
        server.initialize("2025-11-25", Map.of("sampling", Map.of()));
        var result = server.call("tools/call", Map.of("name", "ask_model", "arguments", Map.of(),
                "_meta", Map.of("traceparent", "00-" + TRACE_ID + "-" + PARENT_ID + "-01")));
        assertThat(result.toString()).contains("model: Rome");

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (spans.stream().noneMatch(s -> s.getKind() == Span.SpanKind.SPAN_KIND_CLIENT)
                || spans.stream().noneMatch(s -> s.getName().equals("tools/call ask_model"))) {
            assertThat(System.nanoTime()).as("spans exported:\n" + spans).isLessThan(deadline);
            Thread.sleep(50);
        }
        var hex = HexFormat.of();
        Span asking = spans.stream().filter(s -> s.getKind() == Span.SpanKind.SPAN_KIND_CLIENT).findFirst().orElseThrow();
        Span call = spans.stream().filter(s -> s.getName().equals("tools/call ask_model")).findFirst().orElseThrow();
        assertThat(asking.getName()).isEqualTo("sampling/createMessage");
        assertThat(asking.getParentSpanId()).as("a child of the call that asked").isEqualTo(call.getSpanId());
        assertThat(hex.formatHex(asking.getTraceId().toByteArray())).isEqualTo(TRACE_ID);
        @SuppressWarnings("unchecked")
        var meta = (Map<String, Object>) seen.get().get("_meta");
        assertThat((String) meta.get("traceparent")).as("the client is told the trace and the span that asks")
                .isEqualTo("00-" + TRACE_ID + "-" + hex.formatHex(asking.getSpanId().toByteArray()) + "-01");
    }

    @Test
    void theDurationMetricIsScrapeableAsPrometheusText() throws Exception {
        int prometheus;
        try (var probe = new ServerSocket(0)) {
            prometheus = probe.getLocalPort();
        }
        server = Distribution.serve(Distribution.bundledPlugins(), Map.of(
                "OTEL_METRICS_EXPORTER", "prometheus",
                "OTEL_EXPORTER_PROMETHEUS_HOST", "127.0.0.1",
                "OTEL_EXPORTER_PROMETHEUS_PORT", String.valueOf(prometheus),
                "OTEL_TRACES_EXPORTER", "none",
                "OTEL_LOGS_EXPORTER", "none"), work, "--telemetry");
        server.initialize("2025-11-25", Map.of());
        server.call("tools/call", Map.of("name", "sleep", "arguments", Map.of("milliseconds", 1)));
        // One call held in flight while the metrics are read: the queue-depth gauge shows it.
        var held = server.sendRequest(server.nextId(), "tools/call", Map.of("name", "sleep", "arguments",
                Map.of("milliseconds", 5_000)));
        Thread.sleep(300);
        var scrape = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + prometheus + "/metrics")).timeout(Duration.ofSeconds(10)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(scrape.statusCode()).isEqualTo(200);
        assertThat(scrape.body()).contains("mcp_server_operation_duration_seconds_count")
                .containsPattern("mcp_server_operation_duration_seconds_count\\{[^}]*gen_ai_tool_name=\"sleep\"[^}]*} 1")
                .containsPattern("mcp_server_sessions(_session)?(_ratio)?\\{[^}]*} 1")
                .containsPattern("jmcp_plugins_loaded(_plugin)?(_ratio)?\\{[^}]*} 5")
                .containsPattern("jmcp_plugins_failed(_plugin)?(_ratio)?\\{[^}]*} 0")
                .containsPattern("jmcp_requests_in_flight(_request)?(_ratio)?\\{[^}]*} 1")
                .containsPattern("jmcp_tasks_held(_task)?(_ratio)?\\{[^}]*} 0");
        assertThat(held.get(20, TimeUnit.SECONDS)).containsKey("result");
    }
}
