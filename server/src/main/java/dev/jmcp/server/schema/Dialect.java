package dev.jmcp.server.schema;

import com.networknt.schema.SpecVersion;

import java.util.Map;

/**
 * The JSON Schema dialects jmcp validates: 2020-12 (the MCP default when {@code $schema} is absent) and draft-07.
 * The MCP specification says "Implementations MUST support at least 2020-12 and SHOULD document which additional
 * dialects they support": these two are the ones.
 */
enum Dialect {
    DRAFT_2020_12("https://json-schema.org/draft/2020-12/schema", SpecVersion.VersionFlag.V202012),
    DRAFT_07("http://json-schema.org/draft-07/schema#", SpecVersion.VersionFlag.V7);

    private final String iri;
    private final SpecVersion.VersionFlag version;

    Dialect(String iri, SpecVersion.VersionFlag version) {
        this.iri = iri;
        this.version = version;
    }

    /** The dialect's meta-schema IRI, as a schema's {@code $schema} names it. */
    String iri() {
        return iri;
    }

    SpecVersion.VersionFlag version() {
        return version;
    }

    /**
     * The dialect {@code schema} declares in {@code $schema}, 2020-12 when absent. Throws
     * {@link IllegalArgumentException} for any other dialect, as the specification asks: "They MUST handle unsupported
     * dialects gracefully by returning an appropriate error indicating the dialect is not supported."
     */
    static Dialect of(Map<String, Object> schema) {
        Object declared = schema.get("$schema");
        if (declared == null) return DRAFT_2020_12;
        if (declared instanceof String iri) {
            // Both spellings are in use: with and without the empty fragment, and http for 2020-12.
            String bare = iri.endsWith("#") ? iri.substring(0, iri.length() - 1) : iri;
            switch (bare) {
                case "https://json-schema.org/draft/2020-12/schema", "http://json-schema.org/draft/2020-12/schema" -> {
                    return DRAFT_2020_12;
                }
                case "http://json-schema.org/draft-07/schema", "https://json-schema.org/draft-07/schema" -> {
                    return DRAFT_07;
                }
                default -> {
                }
            }
        }
        throw new IllegalArgumentException("unsupported JSON Schema dialect " + describe(declared)
                + ": jmcp supports " + DRAFT_2020_12.iri + " (the default) and " + DRAFT_07.iri);
    }

    private static String describe(Object value) {
        return value instanceof String s ? "'" + s + "'" : String.valueOf(value);
    }
}
