package dev.jmcp.toolsearch;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The tools' vectors of an earlier benchmark run, by the texts the model read, kept in the folder named by the
 * environment variable JMCP_BENCH_VECTORS (when set): a run that changes only the ranking, not what the model reads of a
 * tool, then skips embedding the catalog again (minutes on a busy machine). Off unless asked for, so the timed figures
 * of a normal run always include embedding.
 */
final class VectorCache {

    private VectorCache() {
    }

    private static Path file(String model) {
        String folder = System.getenv("JMCP_BENCH_VECTORS");
        return folder == null || folder.isBlank() ? null : Path.of(folder, model + ".vectors");
    }

    /** What the model read of a tool, and how its two vectors were mixed: a tool's vector is the same when this is. */
    private static String key(ToolDocument document) {
        return DenseIndex.SUMMARY_WEIGHT > 0
                ? document.denseText() + '\0' + document.summaryText() + '\0' + DenseIndex.SUMMARY_WEIGHT
                : document.denseText();
    }

    @SuppressWarnings("unchecked")
    static Map<String, float[]> load(String model) {
        Path file = file(model);
        if (file == null || !Files.isRegularFile(file)) return Map.of();
        try (ObjectInputStream in = new ObjectInputStream(Files.newInputStream(file))) {
            return (Map<String, float[]>) in.readObject();
        } catch (IOException | ClassNotFoundException e) {
            System.err.println("ignoring the vector cache " + file + ": " + e);
            return Map.of();
        }
    }

    /** Gives {@code dense} the saved vector of each of {@code documents} that has one (the model embeds the rest). */
    static void seed(String model, List<ToolDocument> documents, DenseIndex dense) {
        Map<String, float[]> saved = load(model);
        for (ToolDocument document : documents) {
            float[] vector = saved.get(key(document));
            if (vector != null) dense.seed(document.hash(), vector);
        }
    }

    static void save(String model, List<ToolDocument> documents, DenseIndex dense) throws IOException {
        Path file = file(model);
        if (file == null) return;
        HashMap<String, float[]> vectors = new HashMap<>();
        for (ToolDocument document : documents) {
            float[] vector = dense.vector(document.hash());
            if (vector != null) vectors.put(key(document), vector);
        }
        Files.createDirectories(file.getParent());
        try (ObjectOutputStream out = new ObjectOutputStream(Files.newOutputStream(file))) {
            out.writeObject(vectors);
        }
    }
}
