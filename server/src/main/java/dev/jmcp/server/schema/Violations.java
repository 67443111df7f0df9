package dev.jmcp.server.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonNodePath;
import com.networknt.schema.ValidationMessage;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

/**
 * Turns the validator library's findings into sentences a model or a person can act on, each naming the offending
 * member by its dotted path: {@code argument 'options.limit' must be at most 100}. The library's own English is used
 * only for keywords without a sentence of ours (combinators such as {@code oneOf}). Stateless.
 *
 * @param member what one member of the validated object is called ({@code argument}, {@code field})
 * @param whole  what the validated object as a whole is called ({@code arguments}, {@code structured content})
 */
record Violations(String member, String whole) {

    static final Violations ARGUMENTS = new Violations("argument", "arguments");
    static final Violations STRUCTURED_CONTENT = new Violations("field", "structured content");
    static final Violations SCHEMA = new Violations("schema keyword", "schema");

    /** One sentence per finding, sorted and without repeats so the same input always reads the same. */
    List<String> sentences(Collection<ValidationMessage> messages) {
        var sorted = new TreeSet<String>();
        for (ValidationMessage m : messages) sorted.add(sentence(m));
        return List.copyOf(sorted);
    }

    String sentence(ValidationMessage m) {
        String at = path(m.getInstanceLocation());
        JsonNode rule = m.getSchemaNode();
        return switch (m.getType()) {
            case "required" -> name(join(at, m.getProperty())) + " is required";
            case "additionalProperties", "unevaluatedProperties" -> name(join(at, m.getProperty())) + " is not allowed";
            case "type" -> name(at) + " must be " + types(rule) + ", got " + kind(m.getInstanceNode());
            case "enum" -> name(at) + " must be one of: " + list(rule);
            case "const" -> name(at) + " must be " + literal(rule);
            case "minimum" -> name(at) + " must be at least " + literal(rule);
            case "maximum" -> name(at) + " must be at most " + literal(rule);
            case "exclusiveMinimum" -> name(at) + " must be greater than " + literal(rule);
            case "exclusiveMaximum" -> name(at) + " must be less than " + literal(rule);
            case "multipleOf" -> name(at) + " must be a multiple of " + literal(rule);
            case "minLength" -> name(at) + " must be at least " + count(rule, "character");
            case "maxLength" -> name(at) + " must be at most " + count(rule, "character");
            case "pattern" -> name(at) + " must match the pattern " + rule.asText();
            case "format" -> name(at) + " must be a valid " + rule.asText();
            case "minItems" -> name(at) + " must have at least " + count(rule, "item");
            case "maxItems" -> name(at) + " must have at most " + count(rule, "item");
            case "uniqueItems" -> name(at) + " must not contain duplicate items";
            case "minProperties" -> name(at) + " must have at least " + count(rule, "member");
            case "maxProperties" -> name(at) + " must have at most " + count(rule, "member");
            case "false" -> name(at) + " is not allowed";
            default -> name(at) + " is not valid: " + m.getError();
        };
    }

    private String name(String path) {
        return path.isEmpty() ? whole : member + " '" + path + "'";
    }

    private static String join(String path, String property) {
        if (property == null) return path;
        return path.isEmpty() ? property : path + "." + property;
    }

    /** {@code options.limit}, {@code tags[2]}; empty for the root. */
    static String path(JsonNodePath location) {
        var out = new StringBuilder();
        for (int i = 0; i < location.getNameCount(); i++) {
            Object element = location.getElement(i);
            if (element instanceof Integer index) out.append('[').append(index).append(']');
            else out.append(out.isEmpty() ? "" : ".").append(element);
        }
        return out.toString();
    }

    private static String types(JsonNode rule) {
        if (rule == null) return "of another type";
        if (!rule.isArray()) return article(rule.asText());
        var names = new ArrayList<String>();
        rule.forEach(t -> names.add(article(t.asText())));
        return String.join(" or ", names);
    }

    private static String article(String type) {
        return switch (type) {
            case "integer", "object", "array" -> "an " + type;
            case "null" -> "null";
            default -> "a " + type;
        };
    }

    private static String kind(JsonNode value) {
        if (value == null) return "nothing";
        return switch (value.getNodeType()) {
            case STRING, BINARY -> "a string";
            case NUMBER -> "a number";
            case BOOLEAN -> "a boolean";
            case OBJECT, POJO -> "an object";
            case ARRAY -> "an array";
            case NULL, MISSING -> "null";
        };
    }

    private static String list(JsonNode values) {
        if (values == null || !values.isArray()) return literal(values);
        var out = new ArrayList<String>();
        values.forEach(v -> out.add(v.isTextual() ? v.asText() : literal(v)));
        return String.join(", ", out);
    }

    private static String literal(JsonNode value) {
        if (value == null) return "the declared value";
        if (value.isNumber()) return value.decimalValue().stripTrailingZeros().toPlainString();
        return value.toString();
    }

    private static String count(JsonNode n, String noun) {
        String number = literal(n);
        return number + " " + noun + ("1".equals(number) ? "" : "s");
    }
}
