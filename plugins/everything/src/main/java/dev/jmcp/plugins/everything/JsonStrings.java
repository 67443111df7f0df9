package dev.jmcp.plugins.everything;

/**
 * Writes a Java string as a JSON string literal. The plugin sees only the plugin API, not the server's JSON library,
 * and needs this for the one payload it assembles from client input (the template's {@code id}).
 */
final class JsonStrings {
    private JsonStrings() {
    }

    static String quote(String value) {
        var out = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
