package dev.jmcp.server.schema;

import dev.jmcp.plugin.Registrar;

/** Declares the annotated methods of a plugin object through the ordinary {@link Registrar} calls. */
public final class AnnotatedMethods {
    private AnnotatedMethods() {
    }

    public static void declare(Object instance, Registrar registrar) {
        throw new UnsupportedOperationException("annotated declarations are not implemented yet"); // TODO(schema)
    }
}
