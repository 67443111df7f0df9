package dev.jmcp.client.stdio;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Cuts a byte stream into lines ending in {@code \n} (a {@code \r} before it is dropped), each at most
 * {@code maxBytes}; a longer line is an {@link IOException}, since nothing after it could be trusted to be framed.
 * Not thread-safe: one reader thread owns it.
 */
final class LineSplitter {
    private final InputStream in;
    private final int maxBytes;
    private final byte[] chunk = new byte[64 * 1024];
    private int chunkStart;
    private int chunkEnd;
    private byte[] line = new byte[8 * 1024];
    private int lineLength;

    LineSplitter(InputStream in, int maxBytes) {
        this.in = in;
        this.maxBytes = maxBytes;
    }

    /** The next line without its end, or null at the end of the stream; a last line without {@code \n} counts. */
    byte[] next() throws IOException {
        lineLength = 0;
        while (true) {
            if (chunkStart == chunkEnd) {
                int n = in.read(chunk);
                if (n < 0) return lineLength == 0 ? null : finish();
                chunkStart = 0;
                chunkEnd = n;
            }
            int newline = chunkStart;
            while (newline < chunkEnd && chunk[newline] != '\n') newline++;
            append(chunkStart, newline - chunkStart);
            if (newline < chunkEnd) {
                chunkStart = newline + 1;
                return finish();
            }
            chunkStart = chunkEnd;
        }
    }

    private void append(int from, int count) throws IOException {
        if (lineLength + count > maxBytes) {
            throw new IOException("a line longer than " + maxBytes + " bytes");
        }
        if (lineLength + count > line.length) {
            line = Arrays.copyOf(line, Math.min(maxBytes, Math.max(line.length * 2, lineLength + count)));
        }
        System.arraycopy(chunk, from, line, lineLength, count);
        lineLength += count;
    }

    private byte[] finish() {
        int length = lineLength;
        if (length > 0 && line[length - 1] == '\r') length--;
        return Arrays.copyOf(line, length);
    }
}
