package dev.jmcp.cli.client;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code --arg name=value} options as a map, in order; the first {@code =} splits. Stateless. */
final class KeyValues {
    private KeyValues() {
    }

    /** The pairs, or an {@link IllegalArgumentException} naming the one without a name or {@code =}. */
    static Map<String, String> parse(List<String> pairs) {
        var map = new LinkedHashMap<String, String>();
        for (String pair : pairs == null ? List.<String>of() : pairs) {
            int eq = pair.indexOf('=');
            if (eq <= 0) throw new IllegalArgumentException("--arg takes NAME=VALUE, got '" + pair + "'");
            map.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        return map;
    }
}
