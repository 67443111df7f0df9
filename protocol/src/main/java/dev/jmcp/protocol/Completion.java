package dev.jmcp.protocol;

import java.util.List;

/** Completion values for an argument; at most 100 values, MCP says. */
public record Completion(List<String> values, Integer total, Boolean hasMore) {
    public static final int MAX_VALUES = 100;

    public Completion {
        values = values == null ? List.of() : List.copyOf(values);
        if (values.size() > MAX_VALUES) {
            hasMore = true;
            total = total == null ? values.size() : total;
            values = values.subList(0, MAX_VALUES);
        }
    }

    public static Completion of(List<String> values) {
        return new Completion(values, values.size(), false);
    }

    public static Completion empty() {
        return new Completion(List.of(), 0, false);
    }
}
