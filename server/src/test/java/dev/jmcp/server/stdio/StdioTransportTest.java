package dev.jmcp.server.stdio;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.methods.Methods;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.session.MethodHandler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The stdio transport over real streams: framing, bounds, and finishing in-flight work when input ends. */
@Timeout(30)
class StdioTransportTest {

    private static List<Map<String, Object>> serve(String input, Map<String, MethodHandler> methods) throws Exception {
        var options = new ServerOptions("t", "1", Path.of("unused"), 10, 1024, 8, Duration.ofMillis(100));
        var engine = new Engine(options, () -> Registry.EMPTY, Methods.table(options).withHandlers(methods));
        var out = new ByteArrayOutputStream();
        new StdioTransport(engine).serve(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> messages = Arrays.stream(out.toString(StandardCharsets.UTF_8).split("\n"))
                .map(line -> (Map<String, Object>) JsonCodec.shared().parse(line)).toList();
        return messages;
    }

    private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n";

    @Test
    void anOversizedMessageIsAnsweredWithAnErrorAndTheStreamGoesOn() throws Exception {
        String huge = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"pad\":\"" + "x".repeat(2000) + "\"}}\n";
        var messages = serve(INIT + huge + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n",
                Map.of("ping", call -> Map.of()));
        assertThat(messages).hasSize(3);
        var oversized = messages.stream().filter(m -> m.get("id") == null).findFirst().orElseThrow();
        assertThat(oversized.get("error").toString()).contains("-32600", "exceeds the limit of 1024 bytes");
        assertThat(messages).anySatisfy(m -> assertThat(m).containsEntry("id", 2).containsKey("result"));
    }

    @Test
    void closedInputFinishesTheRequestsInFlightBeforeReturning() throws Exception {
        MethodHandler slow = call -> {
            Thread.sleep(300);
            return Map.of("done", true);
        };
        var messages = serve(INIT + "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"slow\"}\n", Map.of("slow", slow));
        assertThat(messages).anySatisfy(m -> assertThat(m).containsEntry("id", 1)
                .containsEntry("result", Map.of("done", true)));
    }

    @Test
    void everyLineOfOutputIsOneJsonRpcMessage() throws Exception {
        var messages = serve(INIT + "not json\n[]\n{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"nope\"}\n", Map.of());
        assertThat(messages).hasSize(4).allSatisfy(m -> assertThat(m).containsEntry("jsonrpc", "2.0"));
        assertThat(messages.get(1).get("error").toString()).contains("-32700");
    }

    @Test
    void aRequestsThreadCopiesNoInheritableThreadLocalOfTheReader() throws Exception {
        // The reader starts every request's thread; what it holds (a logging library's context) is not the request's.
        var readerOnly = new InheritableThreadLocal<String>();
        readerOnly.set("the reader's");
        try {
            MethodHandler seen = call -> Map.of("seen", String.valueOf(readerOnly.get()));
            var messages = serve(INIT + "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"seen\"}\n", Map.of("seen", seen));
            assertThat(messages).anySatisfy(m -> assertThat(m).containsEntry("id", 1)
                    .containsEntry("result", Map.of("seen", "null")));
        } finally {
            readerOnly.remove();
        }
    }

    @Test
    void anAnswerThatIsNoJsonStillAnswersItsRequestAndTheStreamStaysWhole() throws Exception {
        dev.jmcp.server.session.MethodHandler odd = call -> {
            throw new dev.jmcp.protocol.jsonrpc.JsonRpcException(-32603, "backend down",
                    Map.of("retryAt", java.time.Instant.EPOCH));
        };
        var messages = serve(INIT + "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"odd\"}\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n", Map.of("odd", odd, "ping", call -> Map.of()));
        assertThat(messages).hasSize(3);
        assertThat(messages).anySatisfy(m -> assertThat(m).containsEntry("id", 1).extractingByKey("error")
                .asString().contains("-32603", "could not be written as JSON"));
        assertThat(messages).anySatisfy(m -> assertThat(m).containsEntry("id", 2).containsKey("result"));
    }
}
