package dev.jmcp.protocol.json;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads one JSON text from Jackson's streaming parser into the plain tree the codec hands on: objects as
 * {@link LinkedHashMap}s in their members' order, arrays as {@link ArrayList}s, integers as {@link Integer},
 * {@link Long} or {@link java.math.BigInteger} by size, other numbers as {@link Double}, strings, booleans and null —
 * the tree Jackson's data binding makes of a JSON text read as {@code Object}, without that layer's per-message cost:
 * a deserialization context, a scope stack, and a duplicate detector that keeps a hash set for every object of three
 * members or more (together about 40 % of what the server allocated for a pipelined {@code tools/call}; bench/RESULTS.md).
 *
 * <p>The parser keeps the factory's limits (nesting depth) and error positions. What data binding checked on top, this
 * checks too: a name given twice in one object (a message must mean one thing), no content at all, and content after
 * the value. Each is a {@link JsonParseException} whose position is where the problem is. Stateless.
 */
final class TreeReader {

    private TreeReader() {
    }

    /** The one value of the text {@code parser} reads (opened on it, nothing read yet). */
    static Object read(JsonParser parser) throws IOException {
        JsonToken first = parser.nextToken();
        if (first == null) throw new JsonParseException(parser, "no JSON value: the text is empty");
        Object value = value(parser, first);
        JsonToken after = parser.nextToken();
        if (after != null) throw new JsonParseException(parser, "Trailing token (of type " + after + ") found after value");
        return value;
    }

    private static Object value(JsonParser parser, JsonToken token) throws IOException {
        if (token == null) throw new JsonParseException(parser, "Unexpected end-of-input");  // the parser says first
        return switch (token) {
            case START_OBJECT -> object(parser);
            case START_ARRAY -> array(parser);
            case VALUE_STRING -> parser.getText();
            case VALUE_NUMBER_INT -> parser.getNumberValue();
            case VALUE_NUMBER_FLOAT -> parser.getDoubleValue();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_NULL -> null;
            // Not produced from JSON text: field names are read in object(), the ends by their container.
            default -> throw new JsonParseException(parser, "unexpected " + token);
        };
    }

    private static Map<String, Object> object(JsonParser parser) throws IOException {
        // Room for six members before the table grows: a request's objects have two to four (not the default 12).
        var members = new LinkedHashMap<String, Object>(8);
        for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
            if (members.containsKey(name)) {
                throw new JsonParseException(parser, "the name '" + name + "' appears twice in one object");
            }
            members.put(name, value(parser, parser.nextToken()));
        }
        return members;
    }

    private static List<Object> array(JsonParser parser) throws IOException {
        var items = new ArrayList<>();
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
            items.add(value(parser, token));
        }
        return items;
    }
}
