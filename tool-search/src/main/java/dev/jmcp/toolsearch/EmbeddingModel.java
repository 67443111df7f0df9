package dev.jmcp.toolsearch;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;

/**
 * A sentence-embedding model as files: the ONNX graph and its Hugging Face {@code tokenizer.json}, read either from the
 * class path (the models shipped with jmcp) or from a folder the user names; and how to use it: the pooling of the
 * token vectors into one, and the instructions put before a request and before a tool's text. Immutable.
 */
record EmbeddingModel(String name, Path onnxFile, Path tokenizerFile, String onnxResource, String tokenizerResource,
                      Pooling pooling, String queryPrefix, String passagePrefix) {

    /** How the token vectors become one sentence vector. */
    enum Pooling { CLS, MEAN }

    /** The model {@code "default"} names: chosen by the benchmark on the evaluation set (see bench/RESULTS.md). */
    static final String DEFAULT = "bge-small-en-v1.5";

    /** A model shipped on the class path by name, or null when no such name is known. */
    static EmbeddingModel shipped(String name) {
        return switch (name) {
            case "bge-small-zh-v1.5" -> resources(name, "bge-small-zh-v1.5-q", Pooling.CLS,
                    "为这个句子生成表示以用于检索相关文章：", "");
            case "bge-small-en-v1.5" -> resources(name, "bge-small-en-v1.5-q", Pooling.CLS,
                    "Represent this sentence for searching relevant passages: ", "");
            case "e5-small-v2" -> resources(name, "e5-small-v2-q", Pooling.MEAN, "query: ", "passage: ");
            case "all-minilm-l6-v2" -> resources(name, "all-minilm-l6-v2-q", Pooling.MEAN, "", "");
            default -> null;
        };
    }

    private static EmbeddingModel resources(String name, String stem, Pooling pooling, String query, String passage) {
        return new EmbeddingModel(name, null, null, stem + ".onnx", stem + "-tokenizer.json", pooling, query, passage);
    }

    /** Whether the files of this model are there (a shipped model's JAR may be left out of a class path). */
    boolean available() {
        if (onnxFile != null) return Files.isReadable(onnxFile) && Files.isReadable(tokenizerFile);
        return EmbeddingModel.class.getClassLoader().getResource(onnxResource) != null
                && EmbeddingModel.class.getClassLoader().getResource(tokenizerResource) != null;
    }

    /**
     * A model the user names by the path of its {@code .onnx} file, with {@code tokenizer.json} beside it and,
     * optionally, {@code tool-search.properties} ({@code pooling=cls|mean}, {@code queryPrefix}, {@code passagePrefix};
     * mean pooling and no prefixes otherwise).
     */
    static EmbeddingModel file(Path onnx) {
        if (!Files.isRegularFile(onnx) || !Files.isReadable(onnx)) {
            throw new IllegalArgumentException("tool search model " + onnx
                    + " is not a readable file: give \"default\", \"none\" or the path of an ONNX model");
        }
        Path folder = onnx.toAbsolutePath().getParent();
        Path tokenizer = folder.resolve("tokenizer.json");
        if (!Files.isReadable(tokenizer)) {
            throw new IllegalArgumentException("tool search model " + onnx + " has no readable tokenizer.json beside it"
                    + " (the Hugging Face tokenizer file of the model)");
        }
        Properties settings = new Properties();
        Path settingsFile = folder.resolve("tool-search.properties");
        if (Files.isReadable(settingsFile)) {
            try (InputStream in = Files.newInputStream(settingsFile)) {
                settings.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        Pooling pooling;
        try {
            pooling = Pooling.valueOf(settings.getProperty("pooling", "mean").trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(settingsFile + ": pooling must be cls or mean", e);
        }
        return new EmbeddingModel(onnx.getFileName().toString(), onnx, tokenizer, null, null, pooling,
                settings.getProperty("queryPrefix", ""), settings.getProperty("passagePrefix", ""));
    }

    InputStream openOnnx() throws IOException {
        return open(onnxFile, onnxResource);
    }

    InputStream openTokenizer() throws IOException {
        return open(tokenizerFile, tokenizerResource);
    }

    private static InputStream open(Path file, String resource) throws IOException {
        if (file != null) return Files.newInputStream(file);
        InputStream in = EmbeddingModel.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) throw new IOException("the model file " + resource + " is not on the class path");
        return in;
    }
}
