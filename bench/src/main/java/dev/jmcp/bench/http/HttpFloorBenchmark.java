package dev.jmcp.bench.http;

import dev.jmcp.bench.codec.Payloads;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.VirtualThreadPool;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The HTTP under a mounted server's call, and nothing else: one POST of a {@code tools/call}'s size with the headers
 * jmcp's client sends (2026-07-28), from the JDK's client set up as {@code client/http} sets it up, to a Jetty server
 * set up as {@code server-http} sets it up (requests on virtual threads), whose handler reads the body whole and
 * answers with a fixed JSON answer of the echo tool's size. No MCP on either side: the figure is the floor
 * {@code NativeRoundTripBenchmark}'s {@code jar-mounted} stands on. One operation is one answer read whole.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@Threads(1)
public class HttpFloorBenchmark {
    private static final byte[] ANSWER = ("{\"jsonrpc\":\"2.0\",\"id\":100000001,\"result\":{\"content\":[{\"type\":"
            + "\"text\",\"text\":\"" + Payloads.TEXT + "\"}],\"isError\":false,\"resultType\":\"complete\"}}")
            .getBytes(StandardCharsets.UTF_8);

    @State(Scope.Benchmark)
    public static class Target {
        private Server server;
        private HttpClient http;
        private URI uri;
        private byte[] request;

        @Setup(Level.Trial)
        public void start() throws Exception {
            var threads = new QueuedThreadPool();
            var virtual = new VirtualThreadPool();
            virtual.setVirtualThreadsExecutor(Executors.newVirtualThreadPerTaskExecutor());
            threads.setVirtualThreadsExecutor(virtual);
            server = new Server(threads);
            var config = new HttpConfiguration();
            config.setSendServerVersion(false);
            var connector = new ServerConnector(server, new HttpConnectionFactory(config));
            connector.setHost("127.0.0.1");
            connector.setPort(0);
            server.addConnector(connector);
            server.setHandler(new Answering());
            server.start();
            uri = URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/mcp");
            http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).version(HttpClient.Version.HTTP_1_1)
                    .followRedirects(HttpClient.Redirect.NEVER).build();
            // A request as long as the mount's: the call, its progress token and the 2026-07-28 envelope.
            String call = Payloads.toolsCall(100_000_001L, Payloads.TEXT);
            request = (call.substring(0, call.length() - 3) + ",\"io.modelcontextprotocol/protocolVersion\":"
                    + "\"2026-07-28\",\"io.modelcontextprotocol/clientInfo\":{\"name\":\"jmcp-mount\",\"version\":"
                    + "\"jmcp\"},\"io.modelcontextprotocol/clientCapabilities\":{}}}}").getBytes(StandardCharsets.UTF_8);
        }

        byte[] post() throws Exception {
            var post = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    .header("Mcp-Method", "tools/call")
                    .header("Mcp-Name", "echo")
                    .header("MCP-Protocol-Version", "2026-07-28")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(request)).build();
            HttpResponse<InputStream> response = http.send(post, HttpResponse.BodyHandlers.ofInputStream());
            // Read as jmcp's client reads a JSON answer: into an array of its Content-Length, then to the end.
            byte[] answer = new byte[(int) response.headers().firstValueAsLong("Content-Length").orElseThrow()];
            try (InputStream body = response.body()) {
                body.readNBytes(answer, 0, answer.length);
                if (body.read() >= 0) throw new IllegalStateException("an answer longer than its Content-Length");
            }
            return answer;
        }

        @TearDown(Level.Trial)
        public void stop() throws Exception {
            http.shutdownNow();
            server.stop();
        }
    }

    /** Reads the body whole, answers {@link #ANSWER}. */
    private static final class Answering extends Handler.Abstract {
        @Override
        public boolean handle(Request request, Response response, Callback callback) throws Exception {
            // Read as server-http reads a POST: into an array of its Content-Length.
            byte[] body = new byte[(int) request.getHeaders().getLongField(HttpHeader.CONTENT_LENGTH)];
            try (InputStream in = Content.Source.asInputStream(request)) {
                in.readNBytes(body, 0, body.length);
            }
            response.setStatus(200);
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
            response.getHeaders().put(HttpHeader.CONTENT_LENGTH, ANSWER.length);
            response.write(true, ByteBuffer.wrap(ANSWER), callback);
            return true;
        }
    }

    @Benchmark
    public byte[] post(Target target) throws Exception {
        return target.post();
    }
}
