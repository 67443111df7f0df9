package dev.jmcp.bench.codec;

import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;
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
import org.openjdk.jmh.annotations.Warmup;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * The codec's share of one {@code tools/call}: turning the request's bytes into a message (parse, then
 * {@code toMessage}, as {@code ServerSession.receive} does) and writing the response carrying a one-text
 * {@code CallToolResult} (as the stdio connection does, into a reused buffer). Each thread has its own state.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class CodecBenchmark {
    private static final JsonCodec CODEC = JsonCodec.shared();

    private byte[] request;
    private final ByteArrayOutputStream sink = new ByteArrayOutputStream(1024);
    private final RequestId id = RequestId.of(42);

    @Setup(Level.Trial)
    public void check() throws IOException {
        request = Payloads.toolsCallBytes(42, Payloads.TEXT);
        if (!(decodeToolsCall() instanceof JsonRpcRequest r) || !r.method().equals("tools/call")) {
            throw new IllegalStateException("the request did not decode to tools/call");
        }
        int length = encodeCallToolResult();
        if (!sink.toString(java.nio.charset.StandardCharsets.UTF_8).contains(Payloads.TEXT) || length < 50) {
            throw new IllegalStateException("the response does not carry the text: " + sink);
        }
    }

    /** Bytes of a {@code tools/call} request to a {@code JsonRpcRequest}: Jackson's tree, then the envelope. */
    @Benchmark
    public JsonRpcMessage decodeToolsCall() {
        return CODEC.toMessage(CODEC.parse(request, 0, request.length));
    }

    /** A response with {@code CallToolResult.text(...)} to JSON bytes; returns the length written. */
    @Benchmark
    public int encodeCallToolResult() throws IOException {
        sink.reset();
        CODEC.write(new JsonRpcResponse(id, CallToolResult.text(Payloads.TEXT)), sink);
        return sink.size();
    }
}
