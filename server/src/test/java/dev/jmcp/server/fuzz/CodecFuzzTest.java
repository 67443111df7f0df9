package dev.jmcp.server.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.jmcp.protocol.json.InvalidMessageException;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.testkit.Readable;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Any bytes given to the codec either decode to a message that encodes and decodes back to itself, or fail with a
 * JSON-RPC error (-32700 or -32600) whose message shows none of the library's or our internals. Nothing else escapes.
 */
class CodecFuzzTest {
    private static final JsonCodec CODEC = JsonCodec.shared();

    @FuzzTest(maxDuration = "10s")
    void anyBytesDecodeToAMessageOrAReadableJsonRpcError(byte[] input) {
        Object tree;
        try {
            tree = CODEC.parse(input);
        } catch (JsonRpcException e) {
            Readable.assertReadable(e.getMessage());
            return;
        }
        List<?> items = tree instanceof List<?> list ? list : List.of(tree == null ? "null" : tree);
        for (Object item : items) {
            JsonRpcMessage message;
            try {
                message = CODEC.toMessage(item);
            } catch (InvalidMessageException e) {
                Readable.assertReadable(e.getMessage());
                continue;
            } catch (JsonRpcException e) {
                Readable.assertReadable(e.getMessage());
                continue;
            }
            byte[] encoded = CODEC.encode(message);
            assertThat(CODEC.decode(encoded)).isEqualTo(message);
        }
    }
}
