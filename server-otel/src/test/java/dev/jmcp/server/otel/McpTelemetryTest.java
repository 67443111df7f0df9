package dev.jmcp.server.otel;

import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.observe.CallInfo;
import dev.jmcp.server.observe.Target;
import dev.jmcp.server.observe.CallOutcome;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.metrics.InstrumentType;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.AggregationTemporality;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.data.PointData;
import io.opentelemetry.sdk.metrics.export.CollectionRegistration;
import io.opentelemetry.sdk.metrics.export.MetricReader;
import com.sun.net.httpserver.HttpServer;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http2.server.HTTP2CServerConnectionFactory;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Telemetry as the standard OpenTelemetry settings configure it, exporting to receivers this test runs on 127.0.0.1
 * (OTLP over gRPC to Jetty speaking HTTP/2, over http/protobuf to the JDK's server, Prometheus scraped); and the
 * duration metric's labels: bounded sets only, so sessions and resources never make new series.
 */
@Timeout(60)
class McpTelemetryTest {
    private static final String SPAN_NAME = "tools/call traced_tool";

    private static void callATool(McpTelemetry telemetry) {
        telemetry.start(new CallInfo("tools/call", Target.TOOL, "traced_tool", RequestId.of(1), "2025-11-25", "s1", Map.of(),
                System.nanoTime())).end(new CallOutcome(CallOutcome.Kind.OK, 0, null, System.nanoTime()));
    }

    private static boolean contains(byte[] body, String text) {
        return new String(body, StandardCharsets.ISO_8859_1).contains(text);
    }

    @Test
    void otlpOverGrpcTheProtocolsDefaultReachesAGrpcReceiver() throws Exception {
        BlockingQueue<String> paths = new LinkedBlockingQueue<>();
        BlockingQueue<byte[]> bodies = new LinkedBlockingQueue<>();
        Server receiver = new Server();
        var connector = new ServerConnector(receiver, new HTTP2CServerConnectionFactory(new HttpConfiguration()));
        connector.setHost("127.0.0.1");
        receiver.addConnector(connector);
        receiver.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                paths.add(request.getHttpURI().getPath() + " " + request.getHeaders().get("content-type"));
                bodies.add(Content.Source.asInputStream(request).readAllBytes());
                response.getHeaders().put("content-type", "application/grpc");
                response.setTrailersSupplier(() -> HttpFields.build().put("grpc-status", "0"));
                // One empty message: not compressed, length 0.
                response.write(true, ByteBuffer.wrap(new byte[5]), callback);
                return true;
            }
        });
        receiver.start();
        try {
            var telemetry = McpTelemetry.fromSettings(Map.of(
                    "otel.exporter.otlp.endpoint", "http://127.0.0.1:" + connector.getLocalPort(),
                    "otel.metrics.exporter", "none", "otel.logs.exporter", "none"), false, "pipe", call -> null);
            callATool(telemetry);
            telemetry.close();
            assertThat(paths.poll(20, TimeUnit.SECONDS))
                    .isEqualTo("/opentelemetry.proto.collector.trace.v1.TraceService/Export application/grpc");
            assertThat(contains(bodies.poll(1, TimeUnit.SECONDS), SPAN_NAME)).isTrue();
        } finally {
            receiver.stop();
        }
    }

    @Test
    void aRefusedSettingIsLoggedAndTelemetryRunsWithoutIt() throws Exception {
        BlockingQueue<byte[]> traces = new LinkedBlockingQueue<>();
        HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/v1/traces", exchange -> {
            traces.add(exchange.getRequestBody().readAllBytes());
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        receiver.start();
        try {
            var telemetry = McpTelemetry.fromSettings(Map.of(
                    "otel.exporter.otlp.protocol", "http/protobuf",
                    "otel.exporter.otlp.endpoint", "http://127.0.0.1:" + receiver.getAddress().getPort(),
                    "otel.metrics.exporter", "no-such-exporter", "otel.logs.exporter", "none"), false, "pipe",
                    call -> null);
            callATool(telemetry);
            telemetry.close();
            assertThat(contains(traces.poll(20, TimeUnit.SECONDS), SPAN_NAME)).isTrue();
        } finally {
            receiver.stop(0);
        }
    }

    @Test
    void theReadmePrometheusRecipeServesMetricsWhileTracesUseTheDefaultProtocol() throws Exception {
        int port;
        try (var probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        // Only OTEL_METRICS_EXPORTER=prometheus, as the README says: traces stay on OTLP's default, gRPC.
        try (var telemetry = McpTelemetry.fromSettings(Map.of("otel.metrics.exporter", "prometheus",
                "otel.exporter.prometheus.host", "127.0.0.1", "otel.exporter.prometheus.port", String.valueOf(port),
                "otel.exporter.otlp.endpoint", "http://127.0.0.1:9", "otel.logs.exporter", "none"), false, "pipe",
                call -> null)) {
            callATool(telemetry);
            var scrape = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/metrics")).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(scrape.body()).contains("mcp_server_operation_duration_seconds_count");
        }
    }

    /** Reads the metrics when asked, as a scrape would. */
    private static final class Reader implements MetricReader {
        private volatile CollectionRegistration registration = CollectionRegistration.noop();

        @Override
        public void register(CollectionRegistration registration) {
            this.registration = registration;
        }

        Collection<MetricData> collect() {
            return registration.collectAllMetrics();
        }

        @Override
        public AggregationTemporality getAggregationTemporality(InstrumentType instrumentType) {
            return AggregationTemporality.CUMULATIVE;
        }

        @Override
        public CompletableResultCode forceFlush() {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }
    }

    @Test
    void theDurationMetricHasNoSessionOrResourceLabelsButNamesThePlugin() {
        var reader = new Reader();
        var sdk = OpenTelemetrySdk.builder()
                .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(reader).build()).build();
        try (var telemetry = new McpTelemetry(sdk, sdk, "tcp", call -> "files")) {
            for (int i = 0; i < 20; i++) {
                telemetry.start(new CallInfo("resources/read", Target.RESOURCE, "file:///tmp/" + i, RequestId.of(i), "2025-11-25",
                        "session-" + i, Map.of(), System.nanoTime())).end(new CallOutcome(CallOutcome.Kind.OK, 0,
                        null, System.nanoTime()));
            }
            telemetry.start(new CallInfo("tools/call", Target.TOOL, "read_file", RequestId.of(99), "2025-11-25", "session-x",
                    Map.of(), System.nanoTime())).end(new CallOutcome(CallOutcome.Kind.ERROR, -32602, "bad",
                    System.nanoTime()));

            for (int i = 0; i < 5; i++) {
                telemetry.start(new CallInfo("no/such/method" + i, null, null, RequestId.of(i), "2025-11-25", null,
                        Map.of(), System.nanoTime())).end(new CallOutcome(CallOutcome.Kind.ERROR, -32601, "no",
                        System.nanoTime()));
            }
            MetricData duration = reader.collect().stream()
                    .filter(m -> m.getName().equals("mcp.server.operation.duration")).findFirst().orElseThrow();
            Collection<? extends PointData> points = duration.getData().getPoints();
            Set<String> labels = new HashSet<>();
            points.forEach(p -> p.getAttributes().forEach((key, value) -> labels.add(key.getKey())));
            assertThat(labels).doesNotContain("mcp.session.id", "mcp.resource.uri", "jsonrpc.request.id")
                    .contains("mcp.method.name", "gen_ai.tool.name", "mcp.protocol.version", "network.transport",
                            "error.type", "jmcp.plugin.name");
            assertThat(points).as("one series per method/tool, not per session or URI").hasSize(3);
            assertThat(points.stream().map(p -> p.getAttributes().get(AttributeKey.stringKey("jmcp.plugin.name")))
                    .collect(Collectors.toSet())).containsExactly("files");
        }
    }

    @Test
    void aToolCalledThroughCallToolIsMeasuredAsThatToolAndAnUnknownOneMakesNoNewSeries() {
        var reader = new Reader();
        var sdk = OpenTelemetrySdk.builder()
                .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(reader).build()).build();
        // Only get_weather is served (by the weather plugin); the other names are whatever a client sent.
        try (var telemetry = new McpTelemetry(sdk, sdk, "tcp",
                call -> "get_weather".equals(call.target()) ? "weather" : null)) {
            telemetry.start(new CallInfo("tools/call", Target.TOOL, "get_weather", RequestId.of(1), "2025-11-25", "s", Map.of(),
                    System.nanoTime(), null, null, "call_tool")).end(new CallOutcome(CallOutcome.Kind.OK, 0, null,
                    System.nanoTime()));
            for (int i = 0; i < 5; i++) {
                telemetry.start(new CallInfo("tools/call", Target.TOOL, "guessed_" + i, RequestId.of(10 + i), "2025-11-25", "s",
                        Map.of(), System.nanoTime(), null, null, "call_tool")).end(new CallOutcome(
                        CallOutcome.Kind.TOOL_ERROR, 0, null, System.nanoTime()));
            }
            MetricData duration = reader.collect().stream()
                    .filter(m -> m.getName().equals("mcp.server.operation.duration")).findFirst().orElseThrow();
            var tools = duration.getData().getPoints().stream()
                    .map(p -> p.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.name")))
                    .collect(Collectors.toSet());
            assertThat(tools).containsExactlyInAnyOrder("get_weather", "call_tool");
        }
    }
}
