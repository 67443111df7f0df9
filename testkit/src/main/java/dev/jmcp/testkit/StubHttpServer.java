package dev.jmcp.testkit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A tiny HTTP server on {@code 127.0.0.1} and a free port, for testing code that calls a web API. It answers each
 * path with the canned {@link Response} given to {@link #respond} (404 for any other path) and records every request
 * it got, in order.
 *
 * <p>The test that {@link #start()}s it owns it and closes it (try-with-resources); closing releases requests held by
 * {@link Response#hang()} and frees the port. Thread-safe: responses may be set while requests arrive.
 */
public final class StubHttpServer implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final Map<String, Response> responses = new ConcurrentHashMap<>();
    private final List<RecordedRequest> recorded = new CopyOnWriteArrayList<>();
    private final BlockingQueue<RecordedRequest> untaken = new LinkedBlockingQueue<>();
    private final CountDownLatch closed = new CountDownLatch(1);

    private StubHttpServer(HttpServer server) {
        this.server = server;
    }

    /** Starts a server on {@code 127.0.0.1} and a port the system chooses. */
    public static StubHttpServer start() throws IOException {
        var http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        var stub = new StubHttpServer(http);
        http.createContext("/", stub::handle);
        http.setExecutor(stub.executor);
        http.start();
        return stub;
    }

    /** Answers requests for {@code path} (the path alone, without query) with {@code response} from now on. */
    public StubHttpServer respond(String path, Response response) {
        responses.put(path, response);
        return this;
    }

    /** The server's base address, e.g. {@code http://127.0.0.1:40123}, without a trailing slash. */
    public URI uri() {
        return URI.create("http://127.0.0.1:" + port());
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** Every request received so far, oldest first. */
    public List<RecordedRequest> requests() {
        return List.copyOf(recorded);
    }

    /**
     * The oldest request not yet taken, waiting up to {@code timeout} for one to arrive.
     *
     * @throws AssertionError when none arrives in time
     */
    public RecordedRequest takeRequest(Duration timeout) throws InterruptedException {
        RecordedRequest request = untaken.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
        if (request == null) throw new AssertionError("no request reached the stub server within " + timeout);
        return request;
    }

    @Override
    public void close() {
        closed.countDown();
        server.stop(0);
        executor.shutdownNow();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            var headers = new LinkedHashMap<String, List<String>>();
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), List.copyOf(values)));
            var request = new RecordedRequest(exchange.getRequestMethod(), exchange.getRequestURI(), headers,
                    exchange.getRequestBody().readAllBytes());
            recorded.add(request);
            untaken.add(request);

            Response response = responses.get(exchange.getRequestURI().getPath());
            if (response == null) {
                response = Response.text(404, "no stub for " + exchange.getRequestURI().getPath());
            }
            if (response.hangs()) {
                closed.await();
                return;
            }
            response.headers().forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
            byte[] body = response.body();
            exchange.sendResponseHeaders(response.status(), body.length == 0 ? -1 : body.length);
            exchange.getResponseBody().write(body);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A canned answer. {@code hangs} true means the server never answers until it is closed. */
    public record Response(int status, Map<String, String> headers, byte[] body, boolean hangs) {
        public Response {
            headers = Map.copyOf(headers);
            body = body.clone();
        }

        public static Response of(int status, String contentType, byte[] body) {
            return new Response(status, Map.of("Content-Type", contentType), body, false);
        }

        public static Response json(int status, String json) {
            return of(status, "application/json; charset=utf-8", json.getBytes(StandardCharsets.UTF_8));
        }

        public static Response text(int status, String text) {
            return of(status, "text/plain; charset=utf-8", text.getBytes(StandardCharsets.UTF_8));
        }

        /** Reads the request and never answers; for testing timeouts and cancellation. */
        public static Response hang() {
            return new Response(0, Map.of(), new byte[0], true);
        }

        @Override
        public byte[] body() {
            return body.clone();
        }
    }

    /** A request as the stub received it; header names are lower-case. */
    public record RecordedRequest(String method, URI uri, Map<String, List<String>> headers, byte[] body) {
        public RecordedRequest {
            headers = Map.copyOf(headers);
            body = body.clone();
        }

        public String path() {
            return uri.getPath();
        }

        /** The query parameters, decoded, in order; a name given twice keeps its first value. */
        public Map<String, String> queryParameters() {
            var parameters = new LinkedHashMap<String, String>();
            String query = uri.getRawQuery();
            if (query == null || query.isEmpty()) return parameters;
            for (String pair : query.split("&")) {
                int eq = pair.indexOf('=');
                String name = eq < 0 ? pair : pair.substring(0, eq);
                String value = eq < 0 ? "" : pair.substring(eq + 1);
                parameters.putIfAbsent(URLDecoder.decode(name, StandardCharsets.UTF_8),
                        URLDecoder.decode(value, StandardCharsets.UTF_8));
            }
            return parameters;
        }

        public Optional<String> header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.getFirst());
        }

        @Override
        public byte[] body() {
            return body.clone();
        }
    }
}
