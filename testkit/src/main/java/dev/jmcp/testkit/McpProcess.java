package dev.jmcp.testkit;

import dev.jmcp.protocol.ClientNotifications;
import dev.jmcp.protocol.ClientRequests;
import dev.jmcp.protocol.json.JsonCodec;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * An MCP server running as a real child process, driven over its stdin and stdout the way a client does. Every line
 * the server writes to stdout is parsed; a line that is not a JSON-RPC message is kept in
 * {@link #nonProtocolLines()} so tests can assert stdout carried nothing else. Standard error is kept for
 * diagnostics. Thread-safe; {@link #close} kills the process (by its pid) if it is still running.
 */
public final class McpProcess implements AutoCloseable {
    private static final JsonCodec CODEC = JsonCodec.shared();
    private static final Duration WAIT = Duration.ofSeconds(20);

    private final Process process;
    private final OutputStream stdin;
    private final AtomicLong ids = new AtomicLong(100);
    private final Map<Object, CompletableFuture<Map<String, Object>>> pending = new ConcurrentHashMap<>();
    private final BlockingQueue<Map<String, Object>> notifications = new LinkedBlockingQueue<>();
    private final List<Map<String, Object>> allNotifications = Collections.synchronizedList(new ArrayList<>());
    private final List<Map<String, Object>> unmatched = Collections.synchronizedList(new ArrayList<>());
    private final BlockingQueue<Map<String, Object>> unmatchedQueue = new LinkedBlockingQueue<>();
    private final List<String> nonProtocol = Collections.synchronizedList(new ArrayList<>());
    private final StringBuffer stderr = new StringBuffer();
    private final Map<String, Function<Map<String, Object>, Object>> clientHandlers = new ConcurrentHashMap<>();
    private final BlockingQueue<Map<String, Object>> serverRequests = new LinkedBlockingQueue<>();

    private McpProcess(Process process) {
        this.process = process;
        this.stdin = process.getOutputStream();
        Thread.ofPlatform().daemon().name("mcp-stdout").start(this::readStdout);
        Thread.ofPlatform().daemon().name("mcp-stderr").start(this::readStderr);
    }

    /** Starts {@code command} in {@code workDir} with {@code env} added to this process's environment. */
    public static McpProcess start(List<String> command, Map<String, String> env, Path workDir) throws IOException {
        var builder = new ProcessBuilder(command).directory(workDir.toFile());
        builder.environment().putAll(env);
        return new McpProcess(builder.start());
    }

    public long pid() {
        return process.pid();
    }

    /** Answers the server's requests of {@code method} (e.g. {@code sampling/createMessage}) with a result tree. */
    public void onRequest(String method, Function<Map<String, Object>, Object> handler) {
        clientHandlers.put(method, handler);
    }

    /** Requests of the server that no handler answered, in arrival order. */
    public Map<String, Object> nextServerRequest() throws InterruptedException {
        var request = serverRequests.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        if (request == null) throw new AssertionError("the server sent no request within " + WAIT + "\n" + stderr());
        return request;
    }

    /** Initializes a session with {@code version} and {@code capabilities}, and sends {@code initialized}. */
    public Map<String, Object> initialize(String version, Map<String, Object> capabilities) throws Exception {
        var result = request(ClientRequests.INITIALIZE, Map.of("protocolVersion", version, "capabilities", capabilities,
                "clientInfo", Map.of("name", "jmcp-testkit", "version", "1.0")));
        notify(ClientNotifications.INITIALIZED, null);
        return result;
    }

    /** Sends a request and returns the whole response (result or error), waiting at most 20 s. */
    public Map<String, Object> request(String method, Map<String, Object> params) throws Exception {
        return request(ids.incrementAndGet(), method, params);
    }

    public Map<String, Object> request(Object id, String method, Map<String, Object> params) throws Exception {
        var future = sendRequest(id, method, params);
        return await(future, method);
    }

    /** Sends a request without waiting; the future completes with its response. */
    public CompletableFuture<Map<String, Object>> sendRequest(Object id, String method, Map<String, Object> params)
            throws IOException {
        var future = new CompletableFuture<Map<String, Object>>();
        pending.put(key(id), future);
        var message = new LinkedHashMap<String, Object>();
        message.put("jsonrpc", "2.0");
        message.put("id", id);
        message.put("method", method);
        if (params != null) message.put("params", params);
        sendLine(CODEC.writeValueAsString(message));
        return future;
    }

    public long nextId() {
        return ids.incrementAndGet();
    }

    public Map<String, Object> await(CompletableFuture<Map<String, Object>> future, String what) throws Exception {
        return await(future, what, WAIT);
    }

    /**
     * The response {@code future} completes with, waiting up to {@code wait}; on a timeout the failure shows the
     * server's standard error and where each of its threads was (a thread dump), so a lost answer can be traced.
     */
    public Map<String, Object> await(CompletableFuture<Map<String, Object>> future, String what, Duration wait)
            throws Exception {
        try {
            return future.get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("no response to " + what + " within " + wait + "\nstderr:\n" + stderr()
                    + "\nthreads:\n" + threadDump());
        }
    }

    /** The server JVM's threads as {@code jcmd Thread.print} shows them (bounded), or why there are none. */
    private String threadDump() {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            Process dump = new ProcessBuilder(jcmd.toString(), Long.toString(process.pid()), "Thread.print")
                    .redirectErrorStream(true).start();
            byte[] text = dump.getInputStream().readNBytes(256 * 1024);
            if (!dump.waitFor(20, TimeUnit.SECONDS)) dump.destroyForcibly();
            return new String(text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no thread dump: " + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(no thread dump: interrupted)";
        }
    }

    /** The result of a request, failing the test if the server answered with an error. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> call(String method, Map<String, Object> params) throws Exception {
        var response = request(method, params);
        if (!response.containsKey("result")) throw new AssertionError(method + " failed: " + response);
        return (Map<String, Object>) response.get("result");
    }

    public void notify(String method, Map<String, Object> params) throws IOException {
        var message = new LinkedHashMap<String, Object>();
        message.put("jsonrpc", "2.0");
        message.put("method", method);
        if (params != null) message.put("params", params);
        sendLine(CODEC.writeValueAsString(message));
    }

    /** Writes one raw line (a newline is added). */
    public void sendLine(String line) throws IOException {
        synchronized (stdin) {
            stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        }
    }

    /** Writes raw bytes as they are. */
    public void sendRaw(byte[] bytes) throws IOException {
        synchronized (stdin) {
            stdin.write(bytes);
            stdin.flush();
        }
    }

    /** The next notification (in arrival order) matching {@code filter}, skipping others; waits at most 20 s. */
    public Map<String, Object> awaitNotification(Predicate<Map<String, Object>> filter, String what)
            throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            var n = left > 0 ? notifications.poll(left, TimeUnit.NANOSECONDS) : null;
            if (n == null) throw new AssertionError("no " + what + " within " + WAIT + "\nstderr:\n" + stderr());
            if (filter.test(n)) return n;
        }
    }

    public Map<String, Object> awaitNotification(String method) throws InterruptedException {
        return awaitNotification(n -> method.equals(n.get("method")), method);
    }

    /** Every notification received so far. */
    public List<Map<String, Object>> notifications() {
        synchronized (allNotifications) {
            return List.copyOf(allNotifications);
        }
    }

    /** Responses whose id matched no request of ours (e.g. errors with id null). */
    public List<Map<String, Object>> unmatchedResponses() {
        synchronized (unmatched) {
            return List.copyOf(unmatched);
        }
    }

    /** The next response that no request of ours was waiting for (an error with id null, say). */
    public Map<String, Object> awaitUnmatched() throws InterruptedException {
        var response = unmatchedQueue.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        if (response == null) throw new AssertionError("no unmatched response within " + WAIT + "\n" + stderr());
        return response;
    }

    /** Lines on stdout that were not JSON-RPC messages: must stay empty. */
    public List<String> nonProtocolLines() {
        synchronized (nonProtocol) {
            return List.copyOf(nonProtocol);
        }
    }

    public String stderr() {
        return stderr.toString();
    }

    /** Closes the server's stdin and waits for it to exit; returns the exit code. */
    public int closeInputAndWait(Duration timeout) throws Exception {
        stdin.close();
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("the server did not exit within " + timeout + " after stdin closed\n" + stderr());
        }
        return process.exitValue();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    @SuppressWarnings("unchecked")
    private void readStdout() {
        try (var reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                Object tree;
                try {
                    tree = CODEC.parse(line);
                } catch (RuntimeException e) {
                    nonProtocol.add(line);
                    continue;
                }
                String raw = line;
                if (tree instanceof List<?> batch) {
                    batch.forEach(item -> dispatch((Map<String, Object>) item, raw));
                } else if (tree instanceof Map<?, ?> map) {
                    dispatch((Map<String, Object>) map, line);
                } else {
                    nonProtocol.add(line);
                }
            }
        } catch (IOException e) {
            // the process ended
        }
    }

    private void dispatch(Map<String, Object> message, String line) {
        if (!"2.0".equals(message.get("jsonrpc"))) {
            nonProtocol.add(line);
            return;
        }
        Object method = message.get("method");
        if (method == null) {
            Object id = message.get("id");
            var future = id == null ? null : pending.remove(key(id));
            if (future != null) future.complete(message);
            else {
                unmatched.add(message);
                unmatchedQueue.add(message);
            }
        } else if (message.containsKey("id")) {
            var handler = clientHandlers.get((String) method);
            if (handler == null) {
                serverRequests.add(message);
                return;
            }
            Thread.ofVirtual().start(() -> {
                var response = new LinkedHashMap<String, Object>();
                response.put("jsonrpc", "2.0");
                response.put("id", message.get("id"));
                @SuppressWarnings("unchecked")
                var params = (Map<String, Object>) message.get("params");
                response.put("result", handler.apply(params));
                try {
                    sendLine(CODEC.writeValueAsString(response));
                } catch (IOException e) {
                    // the server is gone
                }
            });
        } else {
            allNotifications.add(message);
            notifications.add(message);
        }
    }

    /** Ids compare by value: the server's {@code 7} answers our {@code 7L}. */
    private static Object key(Object id) {
        return id instanceof Number n ? (Object) n.longValue() : id;
    }

    private void readStderr() {
        try (var reader = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (stderr.length() < 1_000_000) stderr.append(line).append('\n');
            }
        } catch (IOException e) {
            // the process ended
        }
    }

    @Override
    public void close() {
        try {
            stdin.close();
        } catch (IOException e) {
            // already closed
        }
        if (process.isAlive()) {
            process.destroy();
            try {
                if (!process.waitFor(5, TimeUnit.SECONDS)) process.destroyForcibly();
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
