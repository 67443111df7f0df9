package dev.jmcp.server.toolsearch;

import java.nio.file.Path;

/**
 * Makes {@link ToolIndex}es; the tool-search module provides one through {@link java.util.ServiceLoader}. The index
 * it returns answers at once: a model it needs loads in the background, and the index ranks without it until then.
 */
public interface ToolIndexFactory {

    /**
     * An index ranking with {@code model}: {@code "default"} for the model shipped with jmcp, {@code "none"} for
     * lexical ranking only, or the path of an ONNX sentence-embedding model (with its {@code tokenizer.json} beside
     * it). Throws {@link IllegalArgumentException} with a message for a person when the model cannot be used.
     */
    ToolIndex create(String model, Path cacheDirectory);
}
