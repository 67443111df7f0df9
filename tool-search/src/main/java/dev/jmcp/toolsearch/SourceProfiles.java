package dev.jmcp.toolsearch;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What each source of a generation's tools is about, as one unit vector: the mean of its tools' vectors (the sources'
 * centroids), made when the model's vectors were at {@link #version}. A request's vector is compared with every
 * source's, so a source whose domain fits a request can lift tools whose own text is generic ("POST to the REST API"
 * of an issue tracker, for "move ticket OPS-42 to Done"). Immutable, thread-safe.
 */
record SourceProfiles(long version, List<String> sources, float[][] centroids, Map<String, List<String>> tools) {

    static final SourceProfiles NONE = new SourceProfiles(-1, List.of(), new float[0][], Map.of());

    /** The profiles of {@code documents}' sources from the vectors {@code vectors} gives by content hash (or null). */
    static SourceProfiles of(long version, Collection<ToolDocument> documents, Function<String, float[]> vectors) {
        Map<String, float[]> sums = new LinkedHashMap<>();
        Map<String, List<String>> tools = new HashMap<>();
        for (ToolDocument document : documents) {
            if (document.source().isEmpty()) continue;
            float[] v = vectors.apply(document.hash());
            if (v == null) continue;
            float[] sum = sums.computeIfAbsent(document.source(), s -> new float[v.length]);
            for (int d = 0; d < v.length; d++) sum[d] += v[d];
            tools.computeIfAbsent(document.source(), s -> new ArrayList<>()).add(document.name());
        }
        List<String> sources = new ArrayList<>(sums.keySet());
        float[][] centroids = new float[sources.size()][];
        for (int i = 0; i < centroids.length; i++) {
            float[] sum = sums.get(sources.get(i));
            double norm = 0;
            for (float x : sum) norm += x * x;
            float scale = norm > 0 ? (float) (1 / Math.sqrt(norm)) : 0;
            for (int d = 0; d < sum.length; d++) sum[d] *= scale;
            centroids[i] = sum;
        }
        tools.replaceAll((s, names) -> List.copyOf(names));
        return new SourceProfiles(version, List.copyOf(sources), centroids, Map.copyOf(tools));
    }

    /** The cosine of the unit vector {@code request} with each source's centroid, in {@link #sources}' order. */
    double[] similarities(float[] request) {
        double[] similarity = new double[centroids.length];
        for (int i = 0; i < centroids.length; i++) {
            float[] c = centroids[i];
            double dot = 0;
            for (int d = 0; d < request.length && d < c.length; d++) dot += request[d] * c[d];
            similarity[i] = dot;
        }
        return similarity;
    }
}
