package dev.jmcp.plugin;

/** Thrown by a resource handler when the URI names nothing; the client gets the resource-not-found error. */
public class ResourceNotFoundException extends RuntimeException {
    private final String uri;

    public ResourceNotFoundException(String uri) {
        super("Resource not found: " + uri);
        this.uri = uri;
    }

    public String uri() {
        return uri;
    }
}
