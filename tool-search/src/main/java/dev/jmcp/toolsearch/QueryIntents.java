package dev.jmcp.toolsearch;

import ai.onnxruntime.OrtException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Everyday requests for common tool operations, from {@code intents.tsv}: each operation ("intent") is named by the
 * words tool definitions use for it ({@code blame line author commit history}) and asked for by a few requests
 * phrased as people type them to an agent ("who wrote this function originally?"). A small embedding model places a
 * request near the requests it resembles, but not near a tool described in other words; the nearest exemplar, when
 * near enough, says which operation the request asks for in the tools' own words, and the index ranks tools by those
 * words too. The exemplars are read and embedded with the index's own model once it is loaded ({@link DenseIndex});
 * until then there are no intents. Thread-safe: the vectors are published once, whole.
 */
final class QueryIntents {

    /** The operation a request asks for: the tools' words for it, their vector, and how near its exemplar was. */
    record Intent(String words, float[] vector, double similarity) {
    }

    private static final Pattern CONCEPT = Pattern.compile("[a-z0-9]+( [a-z0-9]+){2,7}");

    /** Distinct concept words, in the file's order. */
    private final List<String> concepts;
    /** For each exemplar request, the index of its concept in {@link #concepts}. */
    private final int[] conceptOf;
    private final List<String> requests;
    private volatile Vectors vectors;

    private record Vectors(float[][] requests, float[][] concepts) {
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

    /** Embeds every exemplar request and every concept's words with {@code encoder}, then publishes them. */
    void embed(SentenceEncoder encoder) throws OrtException {
        float[][] requestVectors = new float[requests.size()][];
        for (int i = 0; i < requestVectors.length; i++) requestVectors[i] = encoder.embedQuery(requests.get(i));
        float[][] conceptVectors = new float[concepts.size()][];
        for (int i = 0; i < conceptVectors.length; i++) conceptVectors[i] = encoder.embedQuery(concepts.get(i));
        vectors = new Vectors(requestVectors, conceptVectors);
    }

    boolean embedded() {
        return vectors != null;
    }

    /**
     * The intent of the exemplar nearest to {@code request} (a unit vector of the same model), or null when none is at
     * least {@code threshold} similar, or the exemplars are not embedded yet.
     */
    Intent nearest(float[] request, double threshold) {
        Vectors current = vectors;
        if (current == null) return null;
        int best = -1;
        double bestSimilarity = threshold;
        for (int i = 0; i < current.requests().length; i++) {
            float[] exemplar = current.requests()[i];
            double dot = 0;
            for (int d = 0; d < exemplar.length; d++) dot += request[d] * exemplar[d];
            if (dot >= bestSimilarity) {
                best = i;
                bestSimilarity = dot;
            }
        }
        if (best < 0) return null;
        int concept = conceptOf[best];
        return new Intent(concepts.get(concept), current.concepts()[concept], bestSimilarity);
    }
}
