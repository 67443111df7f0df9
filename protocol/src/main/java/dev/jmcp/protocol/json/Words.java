package dev.jmcp.protocol.json;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Scans of byte arrays eight bytes at a time (a {@code long} read as a word, the classic bit tricks), for the long
 * messages whose bytes would otherwise be looked at one by one: where plain ASCII ends, whether a word holds a
 * control character, a byte beyond ASCII or a given byte. Stateless.
 */
final class Words {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    private Words() {
    }

    /**
     * The offset of the first byte in {@code bytes[from, to)} that is not ASCII or is NUL (bytes 0x01 to 0x7F pass), or
     * {@code to} when there is none.
     */
    static int skipAscii(byte[] bytes, int from, int to) {
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            long word = (long) LONGS.get(bytes, i);
            if (((word | zeros(word)) & HIGHS) != 0) break;
        }
        while (i < to && bytes[i] > 0) i++;
        return i;
    }

    /** The eight bytes of {@code bytes} from {@code offset} (which leaves at least eight), as one word. */
    static long word(byte[] bytes, int offset) {
        return (long) LONGS.get(bytes, offset);
    }

    /** A word with the high bit set in (at least) the first byte of {@code word} that is {@code b}; 0 when none is. */
    static long bytesEqual(long word, byte b) {
        return zeros(word ^ (ONES * (b & 0xFF)));
    }

    /**
     * A word with the high bit set in (at least) the first byte of {@code word} below 0x20, a control character, and in
     * each byte from 0x80 up, not ASCII; 0 when neither is there.
     */
    static long controlsOrHigh(long word) {
        return ((word - ONES * 0x20) & ~word | word) & HIGHS;
    }

    /** A word with the high bit set in (at least) the first byte of {@code word} that is zero; 0 when none is. */
    static long zeros(long word) {
        return (word - ONES) & ~word & HIGHS;
    }
}
