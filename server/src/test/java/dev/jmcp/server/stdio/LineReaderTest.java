package dev.jmcp.server.stdio;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LineReaderTest {

    private static List<String> lines(String input, int max, int chunk) throws IOException {
        InputStream in = new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, chunk));
            }
        };
        var reader = new LineReader(in, max);
        var out = new ArrayList<String>();
        LineReader.Line line;
        while ((line = reader.next()) != null) {
            out.add(line.oversized() ? "<skipped " + line.skipped() + ">"
                    : new String(line.bytes(), 0, line.length(), StandardCharsets.UTF_8));
        }
        return out;
    }

    @Test
    void splitsOnNewlinesAndDropsCarriageReturnsAndBlankLines() throws IOException {
        assertThat(lines("a\r\n\n  \nbb\nccc", 100, 3)).containsExactly("a", "bb", "ccc");
    }

    @Test
    void anOversizedLineIsSkippedWholeAndTheNextLineStillRead() throws IOException {
        String big = "x".repeat(25);
        assertThat(lines("ok\n" + big + "\nnext\n", 10, 4)).containsExactly("ok", "<skipped 25>", "next");
        assertThat(lines(big + "\nnext\n", 10, 100)).containsExactly("<skipped 25>", "next");
        assertThat(lines("ok\n" + big, 10, 7)).containsExactly("ok", "<skipped 25>");
    }

    @Test
    void aLineOfExactlyTheLimitIsAccepted() throws IOException {
        assertThat(lines("x".repeat(10) + "\n", 10, 3)).containsExactly("x".repeat(10));
    }

    @Test
    void multiByteCharactersSurviveChunkBoundaries() throws IOException {
        assertThat(lines("Perché no?\nè così\n", 100, 1)).containsExactly("Perché no?", "è così");
    }

    @Test
    void aReadThatFailedMidLineGoesOnWithTheSameLineWhenRepeated() throws IOException {
        // A read cut short (here by the stream; in the server by an exhausted heap while the line grows) loses nothing.
        var parts = new ArrayList<>(List.of("{\"id\":", "FAIL", "1}\nnext\n"));
        InputStream in = new InputStream() {
            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (parts.isEmpty()) return -1;
                String part = parts.removeFirst();
                if (part.equals("FAIL")) throw new IOException("interrupted read");
                byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
                System.arraycopy(bytes, 0, b, off, bytes.length);
                return bytes.length;
            }
        };
        var reader = new LineReader(in, 100);
        org.assertj.core.api.Assertions.assertThatIOException().isThrownBy(reader::next);
        var line = reader.next();
        assertThat(new String(line.bytes(), 0, line.length(), StandardCharsets.UTF_8)).isEqualTo("{\"id\":1}");
        line = reader.next();
        assertThat(new String(line.bytes(), 0, line.length(), StandardCharsets.UTF_8)).isEqualTo("next");
        assertThat(reader.next()).isNull();
    }
}
