package dev.jmcp.cli.client;

import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.json.JsonCodec;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What `jmcp tools` prints about a tool's input schema: enough to call it without reading the JSON. */
class TextRenderingTest {

    @SuppressWarnings("unchecked")
    private static Map<String, Object> schema(String json) {
        return (Map<String, Object>) JsonCodec.shared().parse(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void enumsDefaultsNestedRecordsArraysAndReferencesAreSpelledOut() {
        var tool = new Tool("book", "Books a trip.", schema("""
                {"type": "object", "required": ["city", "when"],
                 "properties": {
                   "city": {"type": "string", "description": "Where to,\\n   in one word"},
                   "class": {"type": "string", "enum": ["economy", "business"], "default": "economy"},
                   "nights": {"type": "integer", "default": 2},
                   "when": {"$ref": "#/$defs/Range"},
                   "guests": {"type": "array", "items": {"type": "object", "required": ["name"],
                              "properties": {"name": {"type": "string"}, "age": {"type": "integer"}}}},
                   "note": {"type": ["string", "null"]},
                   "at": {"type": "string", "format": "date-time"}
                 },
                 "$defs": {"Range": {"type": "object", "required": ["from"],
                           "properties": {"from": {"type": "string"}, "to": {"type": "string"}}}}}
                """));

        String text = TextRendering.tools(List.of(tool));

        assertThat(text).contains(
                "      city*: string — Where to, in one word\n",
                "      class: one of \"economy\", \"business\" = \"economy\"\n",
                "      nights: integer = 2\n",
                "      when*: {from*: string, to: string}\n",
                "      guests: array of {name*: string, age: integer}\n",
                "      note: string or null\n",
                "      at: string (date-time)\n");
    }

    @Test
    void aToolWithoutArgumentsHasNoArgumentsLine() {
        assertThat(TextRendering.tools(List.of(new Tool("ping", "Pings.", schema("{\"type\":\"object\"}")))))
                .isEqualTo("ping\n    Pings.\n");
    }
}
