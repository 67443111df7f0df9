package dev.jmcp.plugin;

/** Told that a client's roots changed; call {@link RequestContext#roots()} on the given context to read them. */
@FunctionalInterface
public interface RootsListener {
    void rootsChanged(RequestContext context) throws Exception;
}
