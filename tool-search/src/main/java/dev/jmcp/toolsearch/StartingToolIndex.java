package dev.jmcp.toolsearch;

import dev.jmcp.server.toolsearch.SearchableTool;
import dev.jmcp.server.toolsearch.ToolIndex;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The index {@link HybridToolIndexFactory#create} returns: the real one is made on a thread of its own (Lucene's
 * classes, the glossaries, the analyzers: about a second on a busy two-core machine), so that a server's start, and its
 * answer to {@code initialize}, do not wait for it. Updates given meanwhile are kept, the last one only, and given to
 * the index as soon as it is made; a search waits for it. Thread-safe.
 */
final class StartingToolIndex implements ToolIndex {

    private static final Logger LOG = LoggerFactory.getLogger(StartingToolIndex.class);
    /** How long a search waits for the index to be made: far longer than it takes, short of hanging a call. */
    private static final long WAIT_SECONDS = 60;

    private final CompletableFuture<ToolIndex> made = new CompletableFuture<>();
    private final Object lock = new Object();
    /** The last update given before the index was made; null once it is made. Guarded by {@link #lock}. */
    private List<SearchableTool> pending;
    /** Guarded by {@link #lock}. */
    private boolean closed;

    StartingToolIndex(Supplier<ToolIndex> make) {
        // The module's class loader as the context one: the libraries find their resources (the tokenizer's native
        // part) through it, also on the threads the index starts now.
        ClassLoader loader = StartingToolIndex.class.getClassLoader();
        Thread.ofPlatform().daemon().name("jmcp-tool-search-start").start(() -> {
            Thread.currentThread().setContextClassLoader(loader);
            ToolIndex index;
            try {
                index = make.get();
            } catch (RuntimeException | Error e) {
                LOG.error("Tool search: the index could not be made; search_tools answers with an error", e);
                made.completeExceptionally(e);
                return;
            }
            synchronized (lock) {
                if (closed) {
                    index.close();
                    made.completeExceptionally(new IllegalStateException("the tool index is closed"));
                    return;
                }
                if (pending != null) index.update(pending);
                pending = null;
                made.complete(index);
            }
        });
    }

    @Override
    public void update(List<SearchableTool> tools) {
        synchronized (lock) {
            if (closed) return;
            ToolIndex index = madeIndex();
            if (index != null) {
                index.update(tools);
            } else if (!made.isDone()) {
                pending = List.copyOf(tools);
            }
        }
    }

    @Override
    public List<String> search(String query, int limit) {
        return index().search(query, limit);
    }

    /** The index, once it is made (waiting for it); throws {@link IllegalStateException} saying why there is none. */
    private ToolIndex index() {
        try {
            return made.get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the tool index could not be made: " + e.getCause().getMessage(),
                    e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("the tool index was not made within " + WAIT_SECONDS + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the tool index", e);
        }
    }

    /** The index if it is made, else null (not made yet, or failed). */
    private ToolIndex madeIndex() {
        return made.isDone() && !made.isCompletedExceptionally() ? made.join() : null;
    }

    @Override
    public String describe() {
        if (!made.isDone()) return "starting";
        ToolIndex index = madeIndex();
        return index != null ? index.describe() : "failed to start";
    }

    @Override
    public void close() {
        ToolIndex index;
        synchronized (lock) {
            if (closed) return;
            closed = true;
            index = madeIndex();
        }
        // Made meanwhile: the thread that makes it closes it when it sees this index closed.
        if (index != null) index.close();
    }
}
