package dev.jmcp.bench.codec;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.util.JsonRecyclerPools;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Writing the response where jmcp writes it: on the request's own, new virtual thread. Compares an empty virtual
 * thread (the floor), the codec's write there, and — as experimental control — a plain Jackson mapper writing a
 * same-shaped tree there, once with Jackson's default buffer-recycler pool (per thread) and once with a pool shared
 * by all threads. The allocation per operation shows what the per-thread pool costs on threads that live for one
 * request.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class VirtualThreadEncodeBenchmark {
    private static final JsonCodec CODEC = JsonCodec.shared();

    private final RequestId id = RequestId.of(42);
    private final Map<String, Object> tree = Map.of("jsonrpc", "2.0", "id", 42,
            "result", Map.of("content", java.util.List.of(Map.of("type", "text", "text", Payloads.TEXT))));
    private final ObjectMapper perThreadPool = new ObjectMapper();
    private final ObjectMapper sharedPool = JsonMapper.builder(JsonFactory.builder()
            .recyclerPool(JsonRecyclerPools.sharedConcurrentDequePool()).build()).build();

    @Benchmark
    public int emptyVirtualThread() throws InterruptedException {
        return onVirtualThread(() -> 0);
    }

    @Benchmark
    public int codecWriteOnVirtualThread() throws InterruptedException {
        return onVirtualThread(() -> {
            var out = new ByteArrayOutputStream(512);
            try {
                CODEC.write(new JsonRpcResponse(id, CallToolResult.text(Payloads.TEXT)), out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return out.size();
        });
    }

    @Benchmark
    public int jacksonDefaultPoolOnVirtualThread() throws InterruptedException {
        return onVirtualThread(() -> write(perThreadPool));
    }

    @Benchmark
    public int jacksonSharedPoolOnVirtualThread() throws InterruptedException {
        return onVirtualThread(() -> write(sharedPool));
    }

    private int write(ObjectMapper mapper) {
        var out = new ByteArrayOutputStream(512);
        try {
            mapper.writeValue(out, tree);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.size();
    }

    private static int onVirtualThread(java.util.function.IntSupplier work) throws InterruptedException {
        int[] result = new int[1];
        Thread.ofVirtual().start(() -> result[0] = work.getAsInt()).join();
        return result[0];
    }
}
