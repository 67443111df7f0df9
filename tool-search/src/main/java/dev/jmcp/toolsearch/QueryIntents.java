package dev.jmcp.toolsearch;

import ai.onnxruntime.OrtException;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Everyday requests for common tool operations, from {@code intents.tsv}: each operation ("intent") is named by the
 * words tool definitions use for it ({@code blame line author commit history}) and asked for by a few requests
 * phrased as people type them to an agent ("who wrote this function originally?"). A small embedding model places a
 * request near the requests it resembles, but not near a tool described in other words; what operation a request
 * asks for, said in the tools' own words, lets the index rank tools by those words too.
 *
 * <p>Which operation: a softmax classifier over the model's vectors, one weight vector per operation, started at the
 * mean of its exemplars' vectors and trained on every exemplar ({@link #train}). It generalizes beyond the exemplars
 * better than the nearest exemplar does (a request that shares a word or two with an exemplar of another operation
 * no longer takes that operation), and its probabilities say how sure it is. The exemplars are read, embedded and
 * the classifier trained with the index's own model once it is loaded ({@link DenseIndex}), and kept in the cache
 * folder, so later starts read it instead ({@link #prepare}); until then there are no intents. Training is seeded,
 * so every start gives the same weights. Thread-safe: the weights are published once, whole.
 */
final class QueryIntents {

    /** The operation a request asks for: the tools' words for it, their vector, and how likely it is. */
    record Intent(String words, float[] vector, double probability) {
    }

    private static final Pattern CONCEPT = Pattern.compile("[a-z0-9]+( [a-z0-9]+){2,7}");
    /** How sharp the classifier's softmax is over cosine-like scores (the scores of unit vectors lie in [-1, 1]). */
    static final double SCALE = RankingSettings.number("intentScale");
    static final int EPOCHS = (int) RankingSettings.number("intentEpochs");
    static final double LEARNING_RATE = RankingSettings.number("intentLearningRate");
    private static final long SEED = 20261128L;
    /** The first int of a cached classifier's file; a change of the file's form changes it. */
    private static final int FORMAT = 0x4A4D4931;

    /** Distinct concept words, in the file's order. */
    private final List<String> concepts;
    /** For each exemplar request, the index of its concept in {@link #concepts}. */
    private final int[] conceptOf;
    private final List<String> requests;
    private volatile Classifier classifier;

    /** One weight vector per concept, and the vector of the concept's own words. */
    private record Classifier(float[][] weights, float[][] concepts) {
    }

    private QueryIntents(List<String> concepts, int[] conceptOf, List<String> requests) {
        this.concepts = List.copyOf(concepts);
        this.conceptOf = conceptOf;
        this.requests = List.copyOf(requests);
    }

    /** The module's own {@code intents.tsv}. */
    static QueryIntents shipped() {
        try (InputStream in = QueryIntents.class.getResourceAsStream("intents.tsv")) {
            if (in == null) throw new IllegalStateException("intents.tsv is missing from the tool-search module");
            return parse(new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads {@code CONCEPT WORDS<TAB>REQUEST} lines ({@code #} starts a comment line). Throws
     * {@link IllegalArgumentException} naming the line for one that is not of that form: 3 to 8 lower-case words, then
     * a request.
     */
    static QueryIntents parse(Reader source) throws IOException {
        Map<String, Integer> index = new LinkedHashMap<>();
        List<Integer> conceptOf = new ArrayList<>();
        List<String> requests = new ArrayList<>();
        BufferedReader reader = new BufferedReader(source);
        int number = 0;
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
            number++;
            if (line.isBlank() || line.startsWith("#")) continue;
            int tab = line.indexOf('\t');
            String concept = tab < 0 ? "" : line.substring(0, tab);
            String request = tab < 0 ? "" : line.substring(tab + 1).strip();
            if (!CONCEPT.matcher(concept).matches() || request.isEmpty() || request.indexOf('\t') >= 0) {
                throw new IllegalArgumentException("intents line " + number + " is not 3-8 lower-case words, a tab and"
                        + " a request: " + line);
            }
            conceptOf.add(index.computeIfAbsent(concept, c -> index.size()));
            requests.add(request);
        }
        int[] concepts = conceptOf.stream().mapToInt(Integer::intValue).toArray();
        return new QueryIntents(new ArrayList<>(index.keySet()), concepts, requests);
    }

    int size() {
        return requests.size();
    }

    /** The operations, by their concept words, in the order of the file. */
    List<String> concepts() {
        return concepts;
    }

    /**
     * These exemplars without those of the operations {@code dropped} names (by concept words), untrained: what the
     * benchmark measures as intents nobody wrote for some servers' operations.
     */
    QueryIntents without(Set<String> dropped) {
        Map<String, Integer> index = new LinkedHashMap<>();
        List<Integer> kept = new ArrayList<>();
        List<String> keptRequests = new ArrayList<>();
        for (int i = 0; i < requests.size(); i++) {
            String concept = concepts.get(conceptOf[i]);
            if (dropped.contains(concept)) continue;
            kept.add(index.computeIfAbsent(concept, c -> index.size()));
            keptRequests.add(requests.get(i));
        }
        return new QueryIntents(new ArrayList<>(index.keySet()), kept.stream().mapToInt(Integer::intValue).toArray(),
                keptRequests);
    }

    /**
     * Publishes the classifier: read from the folder {@code cacheDirectory} when a file there was trained with this
     * model on these exemplars and settings (a later start then embeds nothing), else made by {@link #embed} and written
     * there for the next start. Without a cache folder, or when the file cannot be read or written, it is made anew.
     * Returns whether it was read.
     */
    boolean prepare(SentenceEncoder encoder, Path cacheDirectory) throws OrtException {
        Path file = cacheDirectory == null ? null
                : cacheDirectory.resolve("intents").resolve(key(encoder.model(), cacheDirectory) + ".bin");
        Classifier read = file == null ? null : read(file);
        if (read != null) {
            classifier = read;
            return true;
        }
        embed(encoder);
        if (file != null) write(file, classifier);
        return false;
    }

    /**
     * Embeds every exemplar request and every concept's words with {@code encoder}, trains the classifier on the
     * exemplars, then publishes it (the exemplars' vectors are not kept).
     */
    void embed(SentenceEncoder encoder) throws OrtException {
        float[][] requestVectors = new float[requests.size()][];
        for (int i = 0; i < requestVectors.length; i++) requestVectors[i] = encoder.embedQuery(read(i));
        float[][] conceptVectors = new float[concepts.size()][];
        for (int i = 0; i < conceptVectors.length; i++) conceptVectors[i] = encoder.embedQuery(concepts.get(i));
        classifier = new Classifier(train(requestVectors, conceptOf, concepts.size(), EPOCHS), conceptVectors);
    }

    private static void glossary(MessageDigest digest, String resource) throws IOException {
        try (InputStream in = QueryGlossary.class.getResourceAsStream(resource)) {
            if (in != null) digest.update(in.readAllBytes());
        }
    }

    /**
     * Exemplar {@code i} as the model reads a request (a request not in English after the English words the glossary
     * gives for it): trained on what it will be asked, the classifier knows an operation's requests in other languages
     * by the same vectors searches give them.
     */
    private String read(int i) {
        return HybridToolIndex.denseQuery(requests.get(i));
    }

    /**
     * What a trained classifier depends on, hashed: the model (a shipped one by its graph's name and, once copied to
     * the cache, its size; a user's file by its path, size and time), how requests are read, the exemplars and the
     * glossaries they are read through, and the training settings.
     */
    private String key(EmbeddingModel model, Path cacheDirectory) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            StringBuilder what = new StringBuilder(FORMAT + "\n" + model.name() + "\n");
            Path graph = model.onnxFile() != null ? model.onnxFile()
                    : cacheDirectory.resolve("models").resolve(model.onnxResource());
            what.append(graph.toAbsolutePath()).append('\n');
            if (Files.isRegularFile(graph)) {
                what.append(Files.size(graph)).append(' ').append(Files.getLastModifiedTime(graph).toMillis());
            }
            what.append('\n').append(SentenceEncoder.QUERY_INSTRUCTION).append(' ').append(SCALE).append(' ')
                    .append(EPOCHS).append(' ').append(LEARNING_RATE).append(' ').append(SEED).append('\n')
                    .append("exemplars read as searches, ").append(HybridToolIndex.DENSE_QUERY)
                    .append(", glossary words read in the request's language\n");
            digest.update(what.toString().getBytes(StandardCharsets.UTF_8));
            // The glossaries as shipped, since they change how exemplars in other languages are read: hashing them is
            // a millisecond, where reading all the exemplars through them took about a second of every start.
            for (String resource : QueryGlossary.resources()) glossary(digest, resource);
            for (int i = 0; i < requests.size(); i++) {
                digest.update((concepts.get(conceptOf[i]) + "\t" + requests.get(i) + "\n")
                        .getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(digest.digest(), 0, 16);
        } catch (NoSuchAlgorithmException | IOException e) {
            return "unkeyed-" + System.nanoTime();  // a file nobody will find again: trained every time
        }
    }

    /** The classifier in {@code file}, or null when there is none or it is not one of these exemplars' classifiers. */
    private Classifier read(Path file) {
        if (!Files.isRegularFile(file)) return null;
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            if (in.readInt() != FORMAT) return null;
            int classes = in.readInt();
            int dimensions = in.readInt();
            if (classes != concepts.size() || dimensions < 1 || dimensions > 65_536) return null;
            float[][] weights = new float[classes][dimensions];
            float[][] conceptVectors = new float[classes][dimensions];
            for (float[][] matrix : List.of(weights, conceptVectors)) {
                for (float[] row : matrix) {
                    for (int d = 0; d < dimensions; d++) row[d] = in.readFloat();
                }
            }
            return in.read() == -1 ? new Classifier(weights, conceptVectors) : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** Writes {@code trained} to {@code file} whole (a reader never sees half of it), or not at all. */
    private static void write(Path file, Classifier trained) {
        try {
            Files.createDirectories(file.getParent());
            Path partial = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".partial");
            try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(partial)))) {
                out.writeInt(FORMAT);
                out.writeInt(trained.weights().length);
                out.writeInt(trained.weights()[0].length);
                for (float[][] matrix : List.of(trained.weights(), trained.concepts())) {
                    for (float[] row : matrix) {
                        for (float value : row) out.writeFloat(value);
                    }
                }
            }
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            // Only the next start's time is lost: it trains again.
        }
    }

    boolean embedded() {
        return classifier != null;
    }

    /**
     * Trains a softmax classifier of {@code classes} classes on unit vectors {@code samples} labelled {@code labels}:
     * scores {@code SCALE * w·x}, each class's {@code w} started at the normalized mean of its samples, then
     * {@code epochs} passes of stochastic gradient descent on the cross-entropy in a seeded order. Returns the weights,
     * one row per class.
     */
    static float[][] train(float[][] samples, int[] labels, int classes, int epochs) {
        int dimensions = samples.length == 0 ? 0 : samples[0].length;
        float[][] weights = new float[classes][dimensions];
        for (int i = 0; i < samples.length; i++) {
            float[] row = weights[labels[i]];
            for (int d = 0; d < dimensions; d++) row[d] += samples[i][d];
        }
        for (float[] row : weights) SentenceEncoder.normalize(row);
        int[] order = new int[samples.length];
        for (int i = 0; i < order.length; i++) order[i] = i;
        Random random = new Random(SEED);
        double[] probabilities = new double[classes];
        for (int epoch = 0; epoch < epochs; epoch++) {
            for (int i = order.length - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int swap = order[i];
                order[i] = order[j];
                order[j] = swap;
            }
            for (int sample : order) {
                float[] x = samples[sample];
                softmax(weights, x, probabilities);
                for (int c = 0; c < classes; c++) {
                    double gradient = probabilities[c] - (c == labels[sample] ? 1 : 0);
                    if (Math.abs(gradient) < 1e-4) continue;  // a class already ruled out (or in) barely moves
                    float step = (float) (LEARNING_RATE * SCALE * gradient);
                    float[] row = weights[c];
                    for (int d = 0; d < dimensions; d++) row[d] -= step * x[d];
                }
            }
        }
        return weights;
    }

    /**
     * The {@code count} most likely operations for {@code request} (a unit vector of the same model), most likely
     * first, each at least {@code minimum} likely; empty when the classifier is not trained yet.
     */
    List<Intent> likely(float[] request, int count, double minimum) {
        Classifier current = classifier;
        if (current == null || count < 1) return List.of();
        double[] probabilities = new double[current.weights().length];
        softmax(current.weights(), request, probabilities);
        List<Intent> found = new ArrayList<>(count);
        boolean[] taken = new boolean[probabilities.length];
        for (int k = 0; k < count; k++) {
            int best = -1;
            for (int c = 0; c < probabilities.length; c++) {
                if (!taken[c] && (best < 0 || probabilities[c] > probabilities[best])) best = c;
            }
            if (best < 0 || probabilities[best] < minimum) break;
            taken[best] = true;
            found.add(new Intent(concepts.get(best), current.concepts()[best], probabilities[best]));
        }
        return found;
    }

    /** Fills {@code out} with the softmax of {@code SCALE * w·x} over the rows {@code w} of {@code weights}. */
    private static void softmax(float[][] weights, float[] x, double[] out) {
        double max = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < weights.length; c++) {
            out[c] = SCALE * dot(weights[c], x);
            max = Math.max(max, out[c]);
        }
        double sum = 0;
        for (int c = 0; c < weights.length; c++) {
            out[c] = Math.exp(out[c] - max);
            sum += out[c];
        }
        for (int c = 0; c < weights.length; c++) out[c] /= sum;
    }

    /** {@code a·b}, in four running sums the processor can add at once (most of the training's time is here). */
    private static float dot(float[] a, float[] b) {
        float s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        int d = 0;
        for (int end = a.length - 3; d < end; d += 4) {
            s0 += a[d] * b[d];
            s1 += a[d + 1] * b[d + 1];
            s2 += a[d + 2] * b[d + 2];
            s3 += a[d + 3] * b[d + 3];
        }
        for (; d < a.length; d++) s0 += a[d] * b[d];
        return (s0 + s1) + (s2 + s3);
    }
}
