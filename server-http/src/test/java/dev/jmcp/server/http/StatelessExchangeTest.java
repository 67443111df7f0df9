package dev.jmcp.server.http;

import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcNotification;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static dev.jmcp.server.http.TestClient.object;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The answer to one stateless request, driven by hand over a real Jetty on 127.0.0.1 (no engine): each GET to the
 * test server opens an exchange the test then sends messages to, as the engine would.
 */
@Timeout(30)
class StatelessExchangeTest {
    private static final long QUIET = Duration.ofMillis(50).toNanos();

    private record Driven(StatelessExchange exchange, CountDownLatch cancelled) {
    }

    private final BlockingQueue<Driven> opened = new LinkedBlockingQueue<>();
    private final StatelessExchanges calls = new StatelessExchanges();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private Server server;
    private ServerConnector connector;

    @BeforeEach
    void start() throws Exception {
        server = new Server();
        connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                var exchange = new StatelessExchange(RequestId.of(1), new ResponseChannel(request, response, callback), calls);
                var cancelled = new CountDownLatch(1);
                calls.add(exchange, false);
                exchange.attach(cancelled::countDown);
                opened.add(new Driven(exchange, cancelled));
                return true;
            }
        });
        server.start();
    }

    @AfterEach
    void stop() throws Exception {
        calls.closeAll();
        http.close();
        server.stop();
    }

    private URI url() {
        return URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/");
    }

    private Driven next() throws InterruptedException {
        Driven driven = opened.poll(10, TimeUnit.SECONDS);
        assertThat(driven).as("an exchange opened").isNotNull();
        return driven;
    }

    private static JsonRpcNotification progress(int step) {
        return new JsonRpcNotification("notifications/progress", Map.of("progressToken", "p", "progress", step));
    }

    @Test
    void aResponseSentFirstIsOneJsonBody() throws Exception {
        var answer = http.sendAsync(HttpRequest.newBuilder(url()).build(), HttpResponse.BodyHandlers.ofString());
        var driven = next();
        driven.exchange().send(new JsonRpcResponse(RequestId.of(1), Map.of("resultType", "complete")));
        var response = answer.get(10, TimeUnit.SECONDS);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
        assertThat(object(response.body())).containsEntry("id", 1).containsKey("result");
        assertThat(calls.size()).as("the exchange is kept until the engine is done").isOne();
        driven.exchange().done();
        assertThat(calls.size()).isZero();
        assertThat(driven.cancelled().getCount()).as("an answered call is not cancelled").isEqualTo(1);
    }

    @ParameterizedTest
    @CsvSource({"-32601, 404", "-32602, 400", "-32600, 400", "-32020, 400", "-32021, 400", "-32022, 400",
            "-32603, 200", "-32002, 200"})
    void anErrorSentFirstGetsTheStatusItsCodeCalls(int code, int status) throws Exception {
        var answer = http.sendAsync(HttpRequest.newBuilder(url()).build(), HttpResponse.BodyHandlers.ofString());
        next().exchange().send(new JsonRpcErrorResponse(RequestId.of(1), new JsonRpcError(code, "refused")));
        var response = answer.get(10, TimeUnit.SECONDS);
        assertThat(response.statusCode()).isEqualTo(status);
        assertThat(object(response.body())).containsEntry("id", 1);
    }

    @Test
    void aNotificationSentFirstMakesAStreamThatEndsAfterTheResponse() throws Exception {
        var answer = http.sendAsync(HttpRequest.newBuilder(url()).build(), HttpResponse.BodyHandlers.ofInputStream());
        var driven = next();
        driven.exchange().send(progress(1));
        var response = answer.get(10, TimeUnit.SECONDS);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("text/event-stream");
        assertThat(response.headers().firstValue("X-Accel-Buffering")).hasValue("no");
        try (var events = new SseReader(response.body())) {
            assertThat(object(events.next().data())).containsEntry("method", "notifications/progress");
            driven.exchange().send(progress(2));
            driven.exchange().send(new JsonRpcResponse(RequestId.of(1), Map.of("resultType", "complete")));
            driven.exchange().send(progress(3));
            assertThat(object(events.next().data())).containsEntry("method", "notifications/progress");
            var last = events.next();
            assertThat(object(last.data())).containsEntry("id", 1).containsKey("result");
            assertThat(last.id()).as("a stateless stream is not resumable").isNull();
            assertThat(events.next()).as("nothing after the response").isNull();
        }
        driven.exchange().done();
        assertThat(calls.size()).isZero();
    }

    @Test
    void aRequestUnansweredForTheKeepAlivePeriodTurnsIntoAStreamOfComments() throws Exception {
        var answer = http.sendAsync(HttpRequest.newBuilder(url()).build(), HttpResponse.BodyHandlers.ofInputStream());
        var driven = next();
        calls.tick(System.nanoTime() + QUIET, QUIET, QUIET);
        var response = answer.get(10, TimeUnit.SECONDS);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("text/event-stream");
        try (InputStream body = response.body()) {
            byte[] comment = body.readNBytes(SseFrames.KEEP_ALIVE.length);
            assertThat(new String(comment, StandardCharsets.US_ASCII)).startsWith(":");
            driven.exchange().send(new JsonRpcResponse(RequestId.of(1), Map.of()));
            try (var events = new SseReader(body)) {
                assertThat(object(events.next().data())).containsEntry("id", 1);
            }
        }
    }

    @Test
    void aClientThatHangsUpCancelsTheCall() throws Exception {
        try (var socket = new Socket("127.0.0.1", connector.getLocalPort())) {
            OutputStream out = socket.getOutputStream();
            out.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            var driven = next();
            driven.exchange().send(progress(1));
            socket.close();
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            // Keep-alive comments are how a hang-up is noticed on a quiet stream: tick until one fails.
            while (!driven.cancelled().await(20, TimeUnit.MILLISECONDS) && System.nanoTime() < deadline) {
                calls.tick(System.nanoTime() + QUIET, QUIET, QUIET);
            }
            assertThat(driven.cancelled().getCount()).as("cancelled").isZero();
            assertThat(calls.size()).as("a cancelled handler keeps its exchange until it has ended").isOne();
            driven.exchange().done();
            assertThat(calls.size()).isZero();
            driven.exchange().send(new JsonRpcResponse(RequestId.of(1), Map.of()));
        }
    }

    @Test
    void shuttingDownAnswersAPendingRequestWith503AndCancelsIt() throws Exception {
        var answer = http.sendAsync(HttpRequest.newBuilder(url()).build(), HttpResponse.BodyHandlers.ofString());
        var driven = next();
        calls.closeAll();
        var response = answer.get(10, TimeUnit.SECONDS);
        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(object(response.body())).containsEntry("id", 1);
        assertThat(driven.cancelled().await(5, TimeUnit.SECONDS)).isTrue();
    }
}
