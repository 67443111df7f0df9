package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.ReadResourceResult;

import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code test://watched-resource}: a text resource clients subscribe to. Its content carries a revision number that
 * {@link #change} raises, telling subscribers through {@link RequestContext#resourceUpdated}. Thread-safe; one instance
 * per loaded plugin.
 */
final class WatchedResource {
    static final String URI = "test://watched-resource";

    private final AtomicLong revision = new AtomicLong(1);

    ReadResourceResult read() {
        return ReadResourceResult.text(URI, "text/plain", text(revision.get()));
    }

    /** Moves to the next revision and notifies the subscribers; returns the new content. */
    String change(RequestContext context) {
        String text = text(revision.incrementAndGet());
        context.resourceUpdated(URI);
        return text;
    }

    private static String text(long revision) {
        return "Watched resource content, revision " + revision + ".";
    }
}
