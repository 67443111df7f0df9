package dev.jmcp.toolsearch;

import dev.jmcp.server.toolsearch.ToolIndex;
import dev.jmcp.server.toolsearch.ToolIndexFactory;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * The {@link ToolIndexFactory} the tool-search module provides: a {@link HybridToolIndex} with the shipped model
 * ({@code "default"}), a shipped model by name, no model ({@code "none"}), or an ONNX model at a path. The index answers
 * at once; it is made, and then its model loaded, on background threads. Stateless and thread-safe.
 */
public final class HybridToolIndexFactory implements ToolIndexFactory {

    /**
     * ONNX Runtime threads per model: one. A request is a few dozen tokens, too little work to share; with two threads
     * a request's embedding took twice as long on a busy two-core machine (9 against 20 ms at the median, load 9), the
     * threads waiting on each other while other work held the cores. Embedding the catalog, in the background, is
     * slower with one thread; searches are lexical until it is done.
     */
    private static final int MODEL_THREADS = 1;

    /** Public for {@link java.util.ServiceLoader}. */
    public HybridToolIndexFactory() {
    }

    /**
     * Checks {@code model} at once (a missing or unusable model stops a server's start) and makes the index on a thread
     * of its own ({@link StartingToolIndex}): the caller does not wait for Lucene and the glossaries to load.
     */
    @Override
    public ToolIndex create(String model, Path cacheDirectory) {
        checked(model);
        return new StartingToolIndex(() -> index(model, cacheDirectory));
    }

    private static void checked(String model) {
        if (model == null || model.isBlank()) {
            throw new IllegalArgumentException("tool search model is empty: give \"default\", \"none\" or the path of"
                    + " an ONNX model");
        }
        if (!model.equals("none")) embeddingModel(model);
    }

    /** The index for {@code model}, made now (its model still loads in the background). */
    HybridToolIndex index(String model, Path cacheDirectory) {
        return index(model, cacheDirectory, QueryIntents::shipped);
    }

    /** As {@link #index(String, Path)}, with the intents {@code intents} gives (none when it gives null). */
    HybridToolIndex index(String model, Path cacheDirectory, Supplier<QueryIntents> intents) {
        checked(model);
        Fusion fusion = Fusion.shipped();
        if (model.equals("none")) return new HybridToolIndex(null, fusion);
        EmbeddingModel embedding = embeddingModel(model);
        prepareNativeCache(cacheDirectory);
        return new HybridToolIndex(new DenseIndex(embedding, MODEL_THREADS, cacheDirectory, intents), fusion);
    }

    static EmbeddingModel embeddingModel(String model) {
        String name = model.equals("default") ? EmbeddingModel.DEFAULT : model;
        EmbeddingModel shipped = EmbeddingModel.shipped(name);
        if (shipped != null) {
            if (!shipped.available()) {
                throw new IllegalArgumentException("tool search model " + name + " is not part of this installation");
            }
            return shipped;
        }
        try {
            return EmbeddingModel.file(Path.of(model));
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("tool search model " + model + " is not a path: give \"default\","
                    + " \"none\" or the path of an ONNX model", e);
        }
    }

    /**
     * The tokenizer library unpacks its native library into a cache folder (the user's home otherwise) and may try to
     * download one for a platform it does not carry: point it at jmcp's cache and keep it offline, unless the user
     * chose otherwise.
     */
    private static void prepareNativeCache(Path cacheDirectory) {
        if (cacheDirectory != null && System.getProperty("DJL_CACHE_DIR") == null && System.getenv("DJL_CACHE_DIR") == null) {
            System.setProperty("DJL_CACHE_DIR", cacheDirectory.resolve("djl").toString());
        }
        if (System.getProperty("ai.djl.offline") == null) System.setProperty("ai.djl.offline", "true");
    }
}
