package dev.jmcp.bench.engine;

import dev.jmcp.bench.codec.Payloads;
import dev.jmcp.server.transport.Session;
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

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One {@code tools/call} of the echo tool through the whole engine, in memory: the request's bytes go to
 * {@link ServerSession#receive(byte[], int, int)} (parse, dispatch, a virtual thread per request, the method table,
 * argument validation, the annotated plugin method loaded from its JAR), and the operation ends when the encoded
 * response reaches the connection. All benchmark threads share one session, as concurrent requests of one stdio
 * client do; each thread has at most one request in flight.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class RoundTripBenchmark {
    private static final int SLOTS = 64;
    private static final int SETUP_ID = SLOTS - 1;

    /** The server, its one session and connection. */
    @State(Scope.Benchmark)
    public static class Server {
        EchoServer echo;
        MemoryConnection connection;
        Session session;
        final AtomicInteger nextId = new AtomicInteger(1);

        @Setup(Level.Trial)
        public void start() throws InterruptedException {
            echo = new EchoServer();
            connection = new MemoryConnection(SLOTS);
            session = echo.server().openSession(connection);
            connection.capture(true);
            send(Payloads.initialize(SETUP_ID, "2025-06-18"));
            connection.await(SETUP_ID);
            send(Payloads.INITIALIZED);
            send(Payloads.toolsCall(SETUP_ID, Payloads.TEXT));
            connection.await(SETUP_ID);
            String answer = connection.captured();
            if (!answer.contains("\"text\":\"" + Payloads.TEXT + "\"") || answer.contains("isError")) {
                throw new IllegalStateException("echo did not answer with its text: " + answer);
            }
            connection.capture(false);
        }

        private void send(String json) {
            byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
            session.receive(bytes, 0, bytes.length);
        }

        @TearDown(Level.Trial)
        public void stop() {
            session.close();
            echo.close();
        }
    }

    /** One client thread: its own answer slot and requests, a new id each (it never has two requests in flight). */
    @State(Scope.Thread)
    public static class Client {
        EchoCalls calls;

        @Setup(Level.Trial)
        public void prepare(Server server) {
            int slot = server.nextId.getAndIncrement();
            if (slot >= SETUP_ID) throw new IllegalStateException("more benchmark threads than request slots");
            calls = new EchoCalls(slot, SLOTS);
        }
    }

    @Benchmark
    @Threads(1)
    public int toolsCallSequential(Server server, Client client) throws InterruptedException {
        return call(server, client);
    }

    @Benchmark
    @Threads(4)
    public int toolsCallFourThreads(Server server, Client client) throws InterruptedException {
        return call(server, client);
    }

    private static int call(Server server, Client client) throws InterruptedException {
        EchoCalls calls = client.calls;
        calls.advance();
        server.session.receive(calls.bytes(), 0, calls.bytes().length);
        return server.connection.await(calls.id());
    }
}
