package dev.jmcp.cli.serve;

import dev.jmcp.protocol.ClientRequests;
import dev.jmcp.protocol.Implementation;
import dev.jmcp.protocol.InitializeResult;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The JSON codec's first use, made on a thread of its own while picocli builds and parses the command line: reading
 * a client's {@code initialize} and writing its answer the first time costs about 40 ms (Jackson initialises its
 * parser and builds its serializers), which the first real message would otherwise pay. The main thread waits for it
 * before it touches the codec itself, so the two never initialise the same classes at once. It starts before logging
 * is set up, which is safe because nothing it runs touches SLF4J (the protocol module and Jackson have no logging):
 * the first logger made would set tinylog up with its defaults and freeze them. So the schema validator, whose
 * classes make loggers as they load, is left to the plugins' loading.
 */
final class CodecPrimer {
    // One constant expression, folded by the compiler: nothing is formatted at start-up.
    private static final byte[] INITIALIZE = ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + ClientRequests.INITIALIZE
            + "\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"roots\":{\"listChanged\":true}},"
            + "\"clientInfo\":{\"name\":\"primer\",\"version\":\"1\"}}}").getBytes(StandardCharsets.UTF_8);

    private static volatile Thread primer;

    private CodecPrimer() {
    }

    /** Starts priming the codec; a second call does nothing. */
    static void start() {
        if (primer != null) return;
        primer = Thread.ofPlatform().daemon().name("jmcp-codec-primer").start(CodecPrimer::prime);
    }

    /** Returns once the priming started by {@link #start} is over (at once when none was started). */
    static void await() {
        Thread running = primer;
        if (running == null) return;
        try {
            running.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void prime() {
        try {
            JsonCodec codec = JsonCodec.shared();
            codec.toMessage(codec.parse(INITIALIZE));
            var result = new InitializeResult("2025-11-25", Map.of("tools", Map.of("listChanged", true)),
                    new Implementation("primer", null, "1"), null);
            codec.encode(new JsonRpcResponse(RequestId.of(1), result));
        } catch (RuntimeException e) {
            // Only a head start: the first real message reports whatever is wrong.
        }
    }
}
