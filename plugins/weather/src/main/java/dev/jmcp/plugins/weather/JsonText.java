package dev.jmcp.plugins.weather;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads one JSON text (RFC 8259) into plain trees: {@link Map}, {@link List}, {@link String}, {@link Double},
 * {@link Boolean} and null. The plugin's own reader, because plugins do not see the server's codec; Open-Meteo's
 * answers are small, so a straightforward recursive reader with a depth bound is enough. Stateless apart from the
 * position in one text; not thread-safe.
 */
final class JsonText {
    private static final int MAX_DEPTH = 64;

    private final String text;
    private int at;

    private JsonText(String text) {
        this.text = text;
    }

    /** The tree of {@code bytes} (UTF-8); throws {@link IllegalArgumentException} saying where it is not JSON. */
    static Object parse(byte[] bytes) {
        var reader = new JsonText(new String(bytes, StandardCharsets.UTF_8));
        Object value = reader.value(0);
        reader.skipSpace();
        if (reader.at != reader.text.length()) throw reader.invalid("text after the value");
        return value;
    }

    private Object value(int depth) {
        if (depth > MAX_DEPTH) throw invalid("nesting deeper than " + MAX_DEPTH);
        skipSpace();
        if (at >= text.length()) throw invalid("unexpected end");
        char c = text.charAt(at);
        return switch (c) {
            case '{' -> object(depth);
            case '[' -> array(depth);
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> number();
        };
    }

    private Map<String, Object> object(int depth) {
        var map = new LinkedHashMap<String, Object>();
        at++;
        skipSpace();
        if (peek() == '}') {
            at++;
            return map;
        }
        while (true) {
            skipSpace();
            if (peek() != '"') throw invalid("a member name");
            String name = string();
            skipSpace();
            expect(':');
            map.put(name, value(depth + 1));
            skipSpace();
            if (peek() == ',') {
                at++;
            } else {
                expect('}');
                return map;
            }
        }
    }

    private List<Object> array(int depth) {
        var list = new ArrayList<Object>();
        at++;
        skipSpace();
        if (peek() == ']') {
            at++;
            return list;
        }
        while (true) {
            list.add(value(depth + 1));
            skipSpace();
            if (peek() == ',') {
                at++;
            } else {
                expect(']');
                return list;
            }
        }
    }

    private String string() {
        at++;
        var out = new StringBuilder();
        while (true) {
            if (at >= text.length()) throw invalid("an unterminated string");
            char c = text.charAt(at++);
            if (c == '"') return out.toString();
            if (c < 0x20) throw invalid("a control character in a string");
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (at >= text.length()) throw invalid("an unterminated escape");
            char e = text.charAt(at++);
            switch (e) {
                case '"', '\\', '/' -> out.append(e);
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> {
                    if (at + 4 > text.length()) throw invalid("a short \\u escape");
                    try {
                        out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    } catch (NumberFormatException x) {
                        throw invalid("a bad \\u escape");
                    }
                    at += 4;
                }
                default -> throw invalid("a bad escape");
            }
        }
    }

    private Double number() {
        int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
        String digits = text.substring(start, at);
        if (digits.isEmpty() || !digits.matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?")) {
            at = start;
            throw invalid("a value");
        }
        return Double.valueOf(digits);
    }

    private Object literal(String word, Object value) {
        if (!text.startsWith(word, at)) throw invalid("a value");
        at += word.length();
        return value;
    }

    private void expect(char c) {
        if (peek() != c) throw invalid("'" + c + "'");
        at++;
    }

    private char peek() {
        return at < text.length() ? text.charAt(at) : '\0';
    }

    private void skipSpace() {
        while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) at++;
    }

    private IllegalArgumentException invalid(String expected) {
        return new IllegalArgumentException("expected " + expected + " at character " + at);
    }
}
