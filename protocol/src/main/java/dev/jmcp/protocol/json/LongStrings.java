package dev.jmcp.protocol.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.json.UTF8JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import com.fasterxml.jackson.databind.ser.std.StdScalarSerializer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Writes strings as Jackson's own serializer does, but a long ASCII string (a tool's large text result) from its bytes:
 * the JDK copies the string's bytes out in one go, a scan eight bytes at a time finds whether anything in them needs
 * escaping, and if nothing does they go out between quotes as they are (if something does, Jackson escapes them from
 * the bytes). Jackson's {@code writeString} instead copies the string into {@code char} segments and encodes each
 * character on its own, which was 37 % of the server's time echoing a 1 MiB text over stdio (bench/RESULTS.md). The
 * output is the same, byte for byte, since only ASCII takes this way: a string with anything else in it (found by a
 * sample of its characters first, so that most such strings are not copied in vain) takes Jackson's path, as does
 * every string written to another kind of generator (a token buffer, a writer).
 */
final class LongStrings extends StdScalarSerializer<String> {
    static final LongStrings INSTANCE = new LongStrings();

    /** Shorter strings are not worth the extra byte array. */
    static final int MIN_LENGTH = 1024;

    private LongStrings() {
        super(String.class);
    }

    @Override
    public boolean isEmpty(SerializerProvider provider, String value) {
        return value.isEmpty();
    }

    @Override
    public void serialize(String value, JsonGenerator generator, SerializerProvider provider) throws IOException {
        if (value.length() >= MIN_LENGTH && generator instanceof UTF8JsonGenerator && asciiSample(value)) {
            // ISO-8859-1: a copy of the string's own bytes when it holds no character beyond U+00FF, which the scan
            // then tells apart from ASCII; a character beyond U+00FF becomes '?', which the scan counts.
            byte[] bytes = value.getBytes(StandardCharsets.ISO_8859_1);
            switch (classify(value, bytes)) {
                case PLAIN -> {
                    generator.writeRawUTF8String(bytes, 0, bytes.length);
                    return;
                }
                case ESCAPED -> {
                    generator.writeUTF8String(bytes, 0, bytes.length);
                    return;
                }
                case OTHER -> {
                }
            }
        }
        generator.writeString(value);
    }

    /** A string is written as itself, never wrapped in a type id (as Jackson's own string serializer does). */
    @Override
    public void serializeWithType(String value, JsonGenerator generator, SerializerProvider provider,
                                  TypeSerializer typeSerializer) throws IOException {
        serialize(value, generator, provider);
    }

    enum Kind {
        /** ASCII, and nothing in it is escaped in JSON (no control character, quote or backslash). */
        PLAIN,
        /** ASCII, with something in it that is escaped in JSON. */
        ESCAPED,
        /** Not ASCII throughout: for Jackson's own path. */
        OTHER
    }

    /**
     * Whether 1,024 characters spread over {@code value} are ASCII: a text beyond ASCII mostly shows it there, and so
     * is not copied and scanned in vain (which costs such a string a quarter more than Jackson's path alone).
     */
    static boolean asciiSample(String value) {
        int step = Math.max(1, value.length() / 1024);
        for (int i = 0; i < value.length(); i += step) {
            if (value.charAt(i) >= 0x80) return false;
        }
        return true;
    }

    /**
     * What {@code value} is, given its ISO-8859-1 encoding {@code bytes}: a byte from 0x80 up is a character of Latin-1
     * beyond ASCII, and a character beyond Latin-1 was encoded as {@code ?}, so {@code bytes} holds more {@code ?} than
     * {@code value} does.
     */
    static Kind classify(String value, byte[] bytes) {
        boolean escaped = false;
        int questions = 0;
        int i = 0;
        for (; i + Long.BYTES <= bytes.length; i += Long.BYTES) {
            long word = Words.word(bytes, i);
            if ((Words.controlsOrHigh(word) | Words.bytesEqual(word, (byte) '"') | Words.bytesEqual(word, (byte) '\\')
                    | Words.bytesEqual(word, (byte) '?')) == 0) {
                continue;
            }
            for (int k = i; k < i + Long.BYTES; k++) {
                byte b = bytes[k];
                if (b < 0) return Kind.OTHER;
                escaped |= b < 0x20 || b == '"' || b == '\\';
                if (b == '?') questions++;
            }
        }
        for (; i < bytes.length; i++) {
            byte b = bytes[i];
            if (b < 0) return Kind.OTHER;
            escaped |= b < 0x20 || b == '"' || b == '\\';
            if (b == '?') questions++;
        }
        for (int at = value.indexOf('?'); at >= 0; at = value.indexOf('?', at + 1)) questions--;
        if (questions != 0) return Kind.OTHER;
        return escaped ? Kind.ESCAPED : Kind.PLAIN;
    }
}
