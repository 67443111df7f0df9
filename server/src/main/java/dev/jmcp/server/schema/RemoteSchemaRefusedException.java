package dev.jmcp.server.schema;

/** A schema referred to a document jmcp does not load (anything but the bundled meta-schemas). */
final class RemoteSchemaRefusedException extends RuntimeException {
    private final String iri;

    RemoteSchemaRefusedException(String iri) {
        super("schema refers to '" + iri + "', which jmcp does not load: only references inside the schema itself"
                + " (such as '#/$defs/...') are allowed");
        this.iri = iri;
    }

    String iri() {
        return iri;
    }
}
