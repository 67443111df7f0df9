package dev.jmcp.protocol;

/** What a resource holds: text or a base64 blob. A closed union told apart on the wire by its fields. */
public sealed interface ResourceContents permits TextResourceContents, BlobResourceContents {
    String uri();

    String mimeType();
}
