package dev.jmcp.cli.install;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;

/**
 * An edit of a JSON-with-comments file (VS Code's {@code mcp.json}, say) made in its text, so that its comments and
 * layout survive: the one entry {@code serversKey}/{@code name} is replaced where it stands, or inserted first in its
 * object. A parsed tree cannot do that, as it holds no comments. Stateless.
 */
final class CommentedJson {
    private CommentedJson() {
    }

    /** Whether {@code text} holds a {@code //} or {@code /*} comment outside strings. */
    static boolean hasComments(String text) {
        boolean inString = false;
        for (int i = 0; i < text.length() - 1; i++) {
            char c = text.charAt(i);
            if (inString) {
                if (c == '\\') i++;
                else if (c == '"') inString = false;
            } else if (c == '"') {
                inString = true;
            } else if (c == '/' && (text.charAt(i + 1) == '/' || text.charAt(i + 1) == '*')) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code text} with {@code entryJson} as the value of {@code serversKey}/{@code name}. The caller has checked that
     * {@code text} is an object whose {@code serversKey}, if present, is an object.
     */
    static String put(ObjectMapper mapper, String text, String serversKey, String name, String entryJson)
            throws IOException {
        int rootOpen = -1;
        int serversOpen = -1;
        boolean serversEmpty = true;
        int valueStart = -1;
        int valueEnd = -1;
        try (JsonParser parser = mapper.createParser(text)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) throw new IOException("not a JSON object");
            rootOpen = offset(parser);
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String key = parser.currentName();
                JsonToken value = parser.nextToken();
                if (key.equals(serversKey) && value == JsonToken.START_OBJECT) {
                    serversOpen = offset(parser);
                    while (parser.nextToken() == JsonToken.FIELD_NAME) {
                        serversEmpty = false;
                        String entry = parser.currentName();
                        parser.nextToken();
                        if (entry.equals(name)) valueStart = offset(parser);
                        parser.skipChildren();
                        if (entry.equals(name)) valueEnd = (int) parser.currentLocation().getCharOffset();
                    }
                } else {
                    parser.skipChildren();
                }
            }
        }
        if (valueStart >= 0) {
            return text.substring(0, valueStart) + indented(entryJson, indentOf(text, valueStart))
                    + text.substring(valueEnd);
        }
        if (serversOpen >= 0) {
            String indent = indentOf(text, serversOpen) + "  ";
            return text.substring(0, serversOpen + 1) + "\n" + indent + quoted(mapper, name) + ": "
                    + indented(entryJson, indent) + (serversEmpty ? "\n" + indentOf(text, serversOpen) : ",")
                    + text.substring(serversOpen + 1);
        }
        String indent = indentOf(text, rootOpen) + "  ";
        String servers = "{\n" + indent + "  " + quoted(mapper, name) + ": " + indented(entryJson, indent + "  ")
                + "\n" + indent + "}";
        boolean rootEmpty = text.substring(rootOpen + 1).strip().startsWith("}");
        return text.substring(0, rootOpen + 1) + "\n" + indent + quoted(mapper, serversKey) + ": " + servers
                + (rootEmpty ? "\n" : ",") + text.substring(rootOpen + 1);
    }

    /** {@code text} without the entry {@code serversKey}/{@code name} (which it holds), and its comma. */
    static String remove(ObjectMapper mapper, String text, String serversKey, String name) throws IOException {
        int nameStart = -1;
        int valueEnd = -1;
        try (JsonParser parser = mapper.createParser(text)) {
            parser.nextToken();
            while (parser.nextToken() == JsonToken.FIELD_NAME && nameStart < 0) {
                String key = parser.currentName();
                JsonToken value = parser.nextToken();
                if (key.equals(serversKey) && value == JsonToken.START_OBJECT) {
                    while (parser.nextToken() == JsonToken.FIELD_NAME) {
                        boolean found = parser.currentName().equals(name);
                        int at = offset(parser);
                        parser.nextToken();
                        parser.skipChildren();
                        if (found) {
                            nameStart = at;
                            valueEnd = (int) parser.currentLocation().getCharOffset();
                            break;
                        }
                    }
                } else {
                    parser.skipChildren();
                }
            }
        }
        if (nameStart < 0) return text;
        int start = nameStart;
        int end = valueEnd;
        int after = skipSpaces(text, end);
        if (after < text.length() && text.charAt(after) == ',') {
            end = after + 1;
        } else {
            // The last entry: the comma before it goes instead.
            int before = start - 1;
            while (before >= 0 && Character.isWhitespace(text.charAt(before))) before--;
            if (before >= 0 && text.charAt(before) == ',') start = before;
        }
        // Whole lines go when the entry had them to itself.
        int lineStart = text.lastIndexOf('\n', start - 1) + 1;
        if (text.substring(lineStart, start).isBlank()) start = lineStart;
        int lineEnd = text.indexOf('\n', end);
        if (lineEnd >= 0 && text.substring(end, lineEnd).isBlank() && start == lineStart) end = lineEnd + 1;
        return text.substring(0, start) + text.substring(end);
    }

    private static int skipSpaces(String text, int from) {
        while (from < text.length() && Character.isWhitespace(text.charAt(from))) from++;
        return from;
    }

    private static int offset(JsonParser parser) {
        return (int) parser.currentTokenLocation().getCharOffset();
    }

    /** The spaces that start the line holding {@code position}. */
    private static String indentOf(String text, int position) {
        int start = text.lastIndexOf('\n', position - 1) + 1;
        int end = start;
        while (end < text.length() && (text.charAt(end) == ' ' || text.charAt(end) == '\t')) end++;
        return text.substring(start, end);
    }

    /** {@code json}'s lines after the first moved right by {@code indent}. */
    private static String indented(String json, String indent) {
        return json.strip().replace("\r\n", "\n").replace("\n", "\n" + indent);
    }

    private static String quoted(ObjectMapper mapper, String name) throws IOException {
        return mapper.writeValueAsString(name);
    }
}
