package dev.jmcp.server.stdio;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The stdio framing under any byte stream, read in any chunk sizes: the lines {@link LineReader} yields are exactly
 * those of a plain split on {@code \n} (a trailing {@code \r} dropped, blank lines skipped, lines over the bound
 * reported as oversized with their length), so no message is lost, merged or duplicated.
 */
class LineFramingFuzzTest {

    @FuzzTest(maxDuration = "10s")
    void anyByteStreamSplitsIntoBoundedLinesWithoutLoss(FuzzedDataProvider data) throws IOException {
        int max = data.consumeInt(1, 64);
        int[] chunks = new int[data.consumeInt(1, 8)];
        for (int i = 0; i < chunks.length; i++) chunks[i] = data.consumeInt(1, 70_000);
        byte[] input = data.consumeRemainingAsBytes();
        var reader = new LineReader(new ChunkedStream(input, chunks), max);
        var actual = new ArrayList<String>();
        for (LineReader.Line line = reader.next(); line != null; line = reader.next()) {
            actual.add(line.oversized() ? "oversized " + line.skipped()
                    : "line " + Arrays.toString(Arrays.copyOf(line.bytes(), line.length())));
        }
        assertThat(actual).isEqualTo(expected(input, max));
    }

    private static List<String> expected(byte[] input, int max) {
        var lines = new ArrayList<String>();
        int start = 0;
        for (int i = 0; i <= input.length; i++) {
            if (i < input.length && input[i] != '\n') continue;
            byte[] raw = Arrays.copyOfRange(input, start, i);
            start = i + 1;
            if (raw.length == 0) continue;
            if (raw.length > max) {
                lines.add("oversized " + raw.length);
                continue;
            }
            byte[] line = raw[raw.length - 1] == '\r' ? Arrays.copyOf(raw, raw.length - 1) : raw;
            boolean blank = true;
            for (byte b : line) blank &= b == ' ' || b == '\t' || b == '\r';
            if (!blank) lines.add("line " + Arrays.toString(line));
        }
        return lines;
    }

    /** Hands out {@code bytes} in reads of the given sizes, in turn, as a pipe would. */
    private static final class ChunkedStream extends InputStream {
        private final byte[] bytes;
        private final int[] chunks;
        private int position;
        private int turn;

        ChunkedStream(byte[] bytes, int[] chunks) {
            this.bytes = bytes;
            this.chunks = chunks;
        }

        @Override
        public int read() {
            return position < bytes.length ? bytes[position++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (position >= bytes.length) return -1;
            int n = Math.min(Math.min(len, chunks[turn++ % chunks.length]), bytes.length - position);
            System.arraycopy(bytes, position, b, off, n);
            position += n;
            return n;
        }
    }
}
