package dev.jmcp.server.stdio;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits a byte stream into newline-terminated lines, each at most {@code maxBytes}. A longer line is skipped up to
 * its newline and reported as oversized, so one bad message never costs the rest of the stream. Not thread-safe:
 * one reader thread owns it.
 */
final class LineReader {
    private final InputStream in;
    private final int maxBytes;
    private final byte[] chunk = new byte[64 * 1024];
    private int chunkStart;
    private int chunkEnd;
    private byte[] line = new byte[8 * 1024];
    private int lineLength;
    private long skipped;
    /** The last line was returned: the next read starts a new one. False while a line is read, so a read cut short
     * (by an {@link OutOfMemoryError} growing {@link #line}) resumes where it stopped and loses nothing. */
    private boolean returned = true;

    /** One line read: {@code length} bytes of {@code bytes}, or an oversized line of {@code skipped} bytes. */
    record Line(byte[] bytes, int length, long skipped) {
        boolean oversized() {
            return skipped > 0;
        }
    }

    LineReader(InputStream in, int maxBytes) {
        this.in = in;
        this.maxBytes = maxBytes;
    }

    /**
     * The next non-empty line, or null at end of stream. A last line without a newline counts. A call that throws
     * (an {@link IOException} or an {@link OutOfMemoryError}) may be repeated: it goes on with the same line.
     */
    Line next() throws IOException {
        while (true) {
            Line line = readLine();
            if (line == null) return null;
            if (line.oversized() || !blank(line)) return line;
        }
    }

    private Line readLine() throws IOException {
        if (returned) {
            lineLength = 0;
            skipped = 0;
            returned = false;
        }
        while (true) {
            if (chunkStart == chunkEnd) {
                int n = in.read(chunk);
                if (n < 0) {
                    if (skipped > 0) return skippedLine();
                    return lineLength == 0 ? null : finish();
                }
                chunkStart = 0;
                chunkEnd = n;
            }
            int newline = indexOf(chunk, chunkStart, chunkEnd);
            int end = newline < 0 ? chunkEnd : newline;
            int count = end - chunkStart;
            if (skipped > 0 || lineLength + count > maxBytes) {
                skipped += (skipped == 0 ? lineLength : 0) + count;
                lineLength = 0;
            } else {
                append(chunkStart, count);
            }
            chunkStart = newline < 0 ? chunkEnd : newline + 1;
            if (newline >= 0) return skipped > 0 ? skippedLine() : finish();
        }
    }

    private Line skippedLine() {
        var skippedLine = new Line(line, 0, skipped);
        returned = true;
        return skippedLine;
    }

    private Line finish() {
        int length = lineLength;
        if (length > 0 && line[length - 1] == '\r') length--;
        var finished = new Line(line, length, 0);
        returned = true;
        return finished;
    }

    private void append(int from, int count) {
        if (lineLength + count > line.length) {
            line = Arrays.copyOf(line, Math.min(maxBytes + 1, Math.max(line.length * 2, lineLength + count)));
        }
        System.arraycopy(chunk, from, line, lineLength, count);
        lineLength += count;
    }

    private static int indexOf(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == '\n') return i;
        }
        return -1;
    }

    private static boolean blank(Line line) {
        for (int i = 0; i < line.length(); i++) {
            byte b = line.bytes()[i];
            if (b != ' ' && b != '\t' && b != '\r') return false;
        }
        return true;
    }
}
