package dev.jmcp.protocol.json;

import dev.jmcp.protocol.Implementation;
import dev.jmcp.protocol.InitializeResult;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A value encoded once is sent as the bytes the codec would have written for the value itself, every time. */
class EncodedOnceTest {
    private final JsonCodec codec = JsonCodec.shared();

    @Test
    void anAnswerCarryingItIsByteForByteTheAnswerCarryingTheValue() {
        var value = new InitializeResult("2025-06-18", Map.of("tools", Map.of("listChanged", true), "logging", Map.of()),
                new Implementation("jmcp «ü» \u4e2d", "t\"q\\", "1.0"), null);
        Object once = codec.encodedOnce(value);
        for (int id = 1; id <= 3; id++) {
            byte[] plain = codec.encode(new JsonRpcResponse(RequestId.of(id), value));
            byte[] encoded = codec.encode(new JsonRpcResponse(RequestId.of(id), once));
            assertThat(new String(encoded, StandardCharsets.UTF_8)).isEqualTo(new String(plain, StandardCharsets.UTF_8));
        }
        assertThat(codec.encodeBatch(List.of(new JsonRpcResponse(RequestId.of("a"), once))))
                .isEqualTo(codec.encodeBatch(List.of(new JsonRpcResponse(RequestId.of("a"), value))));
        assertThat(codec.parse(codec.encode(new JsonRpcResponse(RequestId.of(9), once))))
                .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                .extractingByKey("result").isEqualTo(codec.toTree(value));
    }
}
