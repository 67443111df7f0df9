package dev.jmcp.protocol.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Long strings written through the UTF-8 path come out byte for byte as Jackson's {@code writeString} writes them. */
@Timeout(20)
class LongStringsTest {
    private static final JsonFactory FACTORY = new JsonFactory();

    static Stream<String> strings() {
        var random = new Random(26);
        String escapes = "\"\\\n\r\t\b\f\u0001\u001f\u007f/?<>&' ";
        var mixed = new StringBuilder();
        for (int i = 0; i < 70_000; i++) {
            mixed.append(random.nextInt(4) == 0 ? escapes.charAt(random.nextInt(escapes.length()))
                    : (char) ('a' + random.nextInt(26)));
        }
        return Stream.of(
                "",
                "short ? text",
                "x".repeat(LongStrings.MIN_LENGTH - 1),
                "x".repeat(LongStrings.MIN_LENGTH),
                "?".repeat(LongStrings.MIN_LENGTH + 3),
                "a".repeat(1 << 20),
                mixed.toString(),
                mixed.substring(0, 3001),
                // Beyond ASCII: UTF-8 either way.
                "é".repeat(2000),
                "中文".repeat(800) + "a".repeat(2000),
                "中文 \"quoted\"\n".repeat(500) + "\uD83D\uDE00",
                "a".repeat(3000) + "\uD83D\uDE00" + "b".repeat(10),
                // A lone surrogate: the JDK would encode it as '?'; Jackson writes an escape.
                "a".repeat(2000) + "\uD800" + "b".repeat(100),
                "?".repeat(1500) + "\uDC00?",
                "\uDBFF" + "c".repeat(4000));
    }

    @ParameterizedTest
    @MethodSource("strings")
    void writesWhatJacksonWrites(String value) throws IOException {
        assertThat(new String(ours(value), java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo(new String(jacksons(value), java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void plainAsciiGoesOutAsItIsEscapesAreJacksonsAndTheRestIsLeftToIt() {
        String plain = "no escapes here / ? < > & ' ".repeat(100) + "\u007f";
        assertThat(LongStrings.classify(plain, latin1(plain))).isEqualTo(LongStrings.Kind.PLAIN);
        for (String escaped : List.of(plain + "\"", "\\" + plain, plain + "\n" + plain, "\u0000" + plain)) {
            assertThat(LongStrings.classify(escaped, latin1(escaped))).isEqualTo(LongStrings.Kind.ESCAPED);
        }
        // Beyond ASCII, also where the sample of characters misses it: Latin-1, beyond it ('?'), surrogates.
        for (String other : List.of(plain + "é", "\u00ff" + plain, plain + "中", "?\u2028" + plain, plain + "\uD800",
                "\uD83D\uDE00?" + plain)) {
            assertThat(LongStrings.classify(other, latin1(other))).isEqualTo(LongStrings.Kind.OTHER);
        }
        assertThat(LongStrings.asciiSample(plain + "é")).isTrue();
        assertThat(LongStrings.asciiSample("中文".repeat(1000))).isFalse();
    }

    @Test
    void randomTextsComeOutAsJacksonWritesThem() throws IOException {
        var random = new Random(27);
        String[] pieces = {"a", "Z", " ", "?", "\"", "\\", "\n", "\u0001", "\u007f", "é", "中", "\u2028", "\uFFFF",
                "\uD83D\uDE00", "\uD800", "\uDFFF"};
        for (int round = 0; round < 300; round++) {
            var text = new StringBuilder();
            int rare = random.nextInt(pieces.length);
            while (text.length() < LongStrings.MIN_LENGTH + random.nextInt(3000)) {
                // Mostly ASCII letters, now and then one other piece, so that every kind is reached alone too.
                text.append(random.nextInt(200) == 0 ? pieces[rare] : pieces[random.nextInt(3)]);
            }
            assertThat(ours(text.toString())).isEqualTo(jacksons(text.toString()));
        }
    }

    @Test
    void aMessageWithALongTextRoundTrips() {
        var codec = JsonCodec.shared();
        String text = "line \"one\"\n\tline two \\ ? ".repeat(40_000);
        var response = new JsonRpcResponse(new RequestId.Number(7L), Map.of("content",
                List.of(Map.of("type", "text", "text", text))));
        var tree = (Map<?, ?>) codec.parse(codec.encode(response));
        var content = (List<?>) ((Map<?, ?>) tree.get("result")).get("content");
        assertThat(((Map<?, ?>) content.getFirst()).get("text")).isEqualTo(text);
    }

    private static byte[] latin1(String value) {
        return value.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    private static byte[] ours(String value) throws IOException {
        var out = new ByteArrayOutputStream();
        try (JsonGenerator generator = FACTORY.createGenerator(out)) {
            generator.writeStartArray();
            LongStrings.INSTANCE.serialize(value, generator, null);
            generator.writeEndArray();
        }
        return out.toByteArray();
    }

    private static byte[] jacksons(String value) throws IOException {
        var out = new ByteArrayOutputStream();
        try (JsonGenerator generator = FACTORY.createGenerator(out)) {
            generator.writeStartArray();
            generator.writeString(value);
            generator.writeEndArray();
        }
        return out.toByteArray();
    }
}
