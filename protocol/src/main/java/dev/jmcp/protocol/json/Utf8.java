package dev.jmcp.protocol.json;

/**
 * Strict UTF-8 validation (RFC 3629): rejects what a conforming decoder must reject and Jackson lets through, namely
 * overlong forms ({@code C0 80} for NUL), encoded surrogates (CESU-8's {@code ED A0 80}), code points above U+10FFFF,
 * and truncated or stray continuation bytes; and NUL, which JSON text never holds raw. Stateless.
 */
final class Utf8 {
    private Utf8() {
    }

    /** The offset of the first byte that starts an invalid sequence in {@code bytes[offset, offset+length)}, or -1. */
    static int firstInvalid(byte[] bytes, int offset, int length) {
        int end = offset + length;
        int i = Words.skipAscii(bytes, offset, end);
        while (i < end) {
            int b = bytes[i];
            if (b > 0) {
                i = Words.skipAscii(bytes, i + 1, end);
                continue;
            }
            if (b == 0) return i; // valid UTF-8, but never in JSON text, and it makes Jackson guess UTF-16 or UTF-32
            int lead = b & 0xFF;
            int need;
            int min;
            int max = 0xBF;
            if (lead >= 0xC2 && lead <= 0xDF) {
                need = 1;
                min = 0x80;
            } else if (lead >= 0xE0 && lead <= 0xEF) {
                need = 2;
                // E0 needs A0.. (no overlong); ED needs ..9F (no surrogates).
                min = lead == 0xE0 ? 0xA0 : 0x80;
                if (lead == 0xED) max = 0x9F;
            } else if (lead >= 0xF0 && lead <= 0xF4) {
                need = 3;
                // F0 needs 90.. (no overlong); F4 needs ..8F (nothing above U+10FFFF).
                min = lead == 0xF0 ? 0x90 : 0x80;
                if (lead == 0xF4) max = 0x8F;
            } else {
                return i;
            }
            if (i + need >= end) return i;
            int second = bytes[i + 1] & 0xFF;
            if (second < min || second > max) return i;
            for (int k = 2; k <= need; k++) {
                int next = bytes[i + k] & 0xFF;
                if (next < 0x80 || next > 0xBF) return i;
            }
            i += need + 1;
        }
        return -1;
    }
}
