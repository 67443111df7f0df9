package dev.jmcp.protocol.json;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The word-at-a-time scans answer what a byte-by-byte loop answers, at every alignment and length. */
@Timeout(20)
class WordsTest {
    @Test
    void skipAsciiStopsAtTheFirstNonAsciiOrNulByte() {
        var random = new Random(8);
        for (int round = 0; round < 2000; round++) {
            byte[] bytes = ascii(random, 1 + random.nextInt(40));
            if (random.nextBoolean()) {
                bytes[random.nextInt(bytes.length)] = random.nextBoolean() ? 0 : (byte) (0x80 | random.nextInt(128));
            }
            int from = random.nextInt(bytes.length);
            int to = from + random.nextInt(bytes.length - from + 1);
            int expected = from;
            while (expected < to && bytes[expected] > 0) expected++;
            assertThat(Words.skipAscii(bytes, from, to)).as("%s [%d, %d)", java.util.Arrays.toString(bytes), from, to)
                    .isEqualTo(expected);
        }
    }

    @Test
    void wordMarksFindTheBytesTheyName() {
        var random = new Random(9);
        byte[] bytes = new byte[8];
        for (int round = 0; round < 20_000; round++) {
            for (int i = 0; i < 8; i++) {
                bytes[i] = (byte) (random.nextInt(4) == 0 ? random.nextInt(256) : 0x20 + random.nextInt(0x5F));
            }
            long word = Words.word(bytes, 0);
            boolean control = false;
            boolean quote = false;
            for (byte b : bytes) {
                control |= b < 0x20;
                quote |= b == '"';
            }
            assertThat(Words.controlsOrHigh(word) != 0).as("%s", java.util.Arrays.toString(bytes)).isEqualTo(control);
            assertThat(Words.bytesEqual(word, (byte) '"') != 0).as("%s", java.util.Arrays.toString(bytes))
                    .isEqualTo(quote);
        }
    }

    @Test
    void utf8CheckFindsAnInvalidSequenceAfterLongAsciiRuns() {
        byte[] bytes = ("a".repeat(1001) + "é" + "b".repeat(77)).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(Utf8.firstInvalid(bytes, 0, bytes.length)).isEqualTo(-1);
        bytes[1001 + 2 + 40] = (byte) 0xC0;
        assertThat(Utf8.firstInvalid(bytes, 0, bytes.length)).isEqualTo(1043);
        bytes[17] = 0;
        assertThat(Utf8.firstInvalid(bytes, 0, bytes.length)).isEqualTo(17);
        assertThat(Utf8.firstInvalid(bytes, 18, bytes.length - 18)).isEqualTo(1043);
    }

    private static byte[] ascii(Random random, int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) bytes[i] = (byte) (1 + random.nextInt(127));
        return bytes;
    }
}
