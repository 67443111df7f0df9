package dev.jmcp.protocol.json;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites Jackson's error text into a message a client's author can act on: what was wrong and where, in JSON's
 * words (string, number, object), with none of the library's internals (feature flags, source descriptions, token
 * enums) or our class names. "No stack trace goes on the wire" extends to the names a stack trace would show. Stateless.
 */
final class ReadableErrors {
    private static final Pattern SOURCE = Pattern.compile(
            "\\[Source: [^\\]]*?line: (\\d+), column: (\\d+)\\]");
    private static final Pattern TRAILING = Pattern.compile("Trailing token \\(of type (\\w+)\\) found after value.*",
            Pattern.DOTALL);
    private static final Pattern CONSTRUCT = Pattern.compile("Cannot construct instance of `[^`]*`, problem: (.*)",
            Pattern.DOTALL);
    private static final Pattern FEATURE_ADVICE = Pattern.compile(
            "\\s*[:;,(]?\\s*(?:enable|disable|as per|from)?\\s*`?\\w+(?:Feature|Constraints)\\.[\\w()]+`?(?:\\s+to allow)?\\)?");
    private static final Pattern DESERIALIZE = Pattern.compile(
            "Cannot deserialize value of type `([^`]*)` from (\\w+) (?:value|\"[^\"]*\")(.*)", Pattern.DOTALL);
    private static final Pattern FEATURE_NAMED = Pattern.compile("\\s*\\([^()]*Feature '\\w+'[^()]*\\)");
    private static final Pattern TOKEN = Pattern.compile("\\s*\\(token `?JsonToken\\.\\w+`?\\)");
    private static final Pattern INDEX = Pattern.compile("\\s*\\(index \\d+\\)");
    private static final Pattern TYPE = Pattern.compile("`([\\w.$\\[\\]<>, ]+)`");
    private static final Pattern QUALIFIED = Pattern.compile("\\b(?:[a-z_][a-z0-9_]*\\.)+([A-Z][\\w$]*)");

    private ReadableErrors() {
    }

    static String rewrite(String message) {
        if (message == null || message.isBlank()) return "the JSON could not be read";
        String text = message.strip();
        Matcher trailing = TRAILING.matcher(text);
        if (trailing.matches()) return "unexpected content after the JSON value";
        Matcher construct = CONSTRUCT.matcher(text);
        if (construct.matches()) text = construct.group(1);
        Matcher deserialize = DESERIALIZE.matcher(text);
        if (deserialize.matches()) {
            text = "expected " + jsonKind(deserialize.group(1)) + ", got " + jsonWord(deserialize.group(2))
                    + deserialize.group(3);
        }
        text = SOURCE.matcher(text).replaceAll("line $1, column $2");
        text = FEATURE_NAMED.matcher(text).replaceAll("");
        text = FEATURE_ADVICE.matcher(text).replaceAll("");
        text = TOKEN.matcher(text).replaceAll("");
        text = INDEX.matcher(text).replaceAll("");
        Matcher type = TYPE.matcher(text);
        var out = new StringBuilder();
        while (type.find()) type.appendReplacement(out, Matcher.quoteReplacement(jsonKind(type.group(1))));
        type.appendTail(out);
        text = QUALIFIED.matcher(out).replaceAll(m -> Matcher.quoteReplacement(simpleName(m.group(1))));
        text = text.replace("Cannot deserialize value of type", "expected").replace("Cannot deserialize", "cannot read");
        return text.isBlank() ? "the JSON could not be read" : text.strip();
    }

    /** What a Java type means on the wire: a JSON kind, or the spec's name for a protocol type. */
    private static String jsonKind(String javaType) {
        String type = javaType.strip();
        if (type.endsWith("[]")) return "an array";
        int generic = type.indexOf('<');
        if (generic >= 0) type = type.substring(0, generic);
        return switch (type) {
            case "java.lang.String", "char", "java.lang.Character", "java.lang.CharSequence" -> "a string";
            case "int", "long", "short", "byte", "double", "float", "java.lang.Integer", "java.lang.Long",
                 "java.lang.Short", "java.lang.Byte", "java.lang.Double", "java.lang.Float", "java.lang.Number",
                 "java.math.BigInteger", "java.math.BigDecimal" -> "a number";
            case "boolean", "java.lang.Boolean" -> "a boolean";
            case "java.lang.Object" -> "a JSON value";
            default -> {
                String simple = simpleName(type);
                if (simple.endsWith("List") || simple.endsWith("Collection") || simple.endsWith("Set")) yield "an array";
                if (simple.endsWith("Map")) yield "an object";
                yield simple;
            }
        };
    }

    private static String jsonWord(String jacksonKind) {
        return switch (jacksonKind) {
            case "Object" -> "an object";
            case "Array" -> "an array";
            case "String" -> "a string";
            case "Integer", "Floating-point", "Number" -> "a number";
            case "Boolean" -> "a boolean";
            default -> jacksonKind.toLowerCase(java.util.Locale.ROOT);
        };
    }

    private static String simpleName(String type) {
        String simple = type.substring(type.lastIndexOf('.') + 1);
        int nested = simple.lastIndexOf('$');
        return nested >= 0 ? simple.substring(nested + 1) : simple;
    }
}
