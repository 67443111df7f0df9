package dev.jmcp.server.schema;

import dev.jmcp.server.registry.ArgumentsValidator;

import java.util.Map;

/** Compiles tool input schemas into validators. */
public final class JsonSchemas {
    private JsonSchemas() {
    }

    /** A validator for {@code schema} (draft-07 or 2020-12, by its {@code $schema}; 2020-12 when absent). */
    public static ArgumentsValidator validator(Map<String, Object> schema) {
        return ArgumentsValidator.ACCEPT_ALL; // TODO(schema): real validation
    }
}
