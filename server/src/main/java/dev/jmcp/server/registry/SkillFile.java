package dev.jmcp.server.registry;

/**
 * One file of a served skill: its resource URI, media type, bytes and {@code sha256:<hex>} digest. Immutable; the
 * bytes are never handed out for writing (callers must not change the array {@link #bytes} returns).
 */
public record SkillFile(String path, String uri, String mimeType, byte[] bytes, String digest) {
    /** True when the bytes are UTF-8 text, so a read answers {@code text} rather than a base64 {@code blob}. */
    public boolean isText() {
        return mimeType.startsWith("text/") || mimeType.equals("application/json");
    }
}
