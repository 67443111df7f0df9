package dev.jmcp.toolsearch;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Merges the lexical and the dense ranking into one. Two methods: weighted reciprocal-rank fusion
 * ({@code rrf}: a tool scores {@code w / (k + rank)} in each ranking it is in) and min-max normalized score fusion
 * ({@code score}: each ranking's scores mapped onto [0, 1] over its top {@code depth}, then weighted and summed). The
 * parameters ship in {@code ranking.properties}, chosen by {@code bench/run.sh tool-search} on the evaluation set's
 * dev split. Ties keep the lexical order, then the name. Immutable, thread-safe.
 */
record Fusion(Method method, double k, double lexicalWeight, double denseWeight, int depth) {

    enum Method { RRF, SCORE }

    /** One ranked tool with its score from one scorer. */
    record Scored(String name, double score) {
    }

    /** A further ranking and its weight, fused as the dense one is. */
    record Weighted(List<Scored> ranking, double weight) {
    }

    Fusion {
        if (k < 0 || lexicalWeight < 0 || denseWeight < 0 || depth < 1) {
            throw new IllegalArgumentException("fusion parameters out of range");
        }
    }

    /** The parameters shipped in the module's {@code ranking.properties}. */
    static Fusion shipped() {
        return new Fusion(Method.valueOf(RankingSettings.get("method").toUpperCase(java.util.Locale.ROOT)),
                RankingSettings.number("k"), RankingSettings.number("lexicalWeight"),
                RankingSettings.number("denseWeight"), (int) RankingSettings.number("depth"));
    }

    /** Both rankings best first (either may be empty); the fused names best first, at most {@code limit}. */
    List<String> fuse(List<Scored> lexical, List<Scored> dense, int limit) {
        return fuse(lexical, dense, limit, null);
    }

    /**
     * As {@link #fuse(List, List, int)}, with {@code adjustment} (may be null) added to each fused tool's score: what
     * the rankings do not see, such as whether the tool's kind of action is the request's ({@link ToolActions}).
     */
    List<String> fuse(List<Scored> lexical, List<Scored> dense, int limit, ToDoubleFunction<String> adjustment) {
        return fuse(lexical, dense, List.of(), limit, adjustment);
    }

    /**
     * As {@link #fuse(List, List, int, ToDoubleFunction)}, with {@code further} rankings each contributing its share at
     * its own weight, as the two do: the rankings of the operation a request asks for ({@link QueryIntents}).
     */
    List<String> fuse(List<Scored> lexical, List<Scored> dense, List<Weighted> further, int limit,
                      ToDoubleFunction<String> adjustment) {
        Map<String, double[]> fused = new HashMap<>();
        contribute(fused, lexical, lexicalWeight, 0);
        contribute(fused, dense, denseWeight, 1);
        for (int i = 0; i < further.size(); i++) {
            contribute(fused, further.get(i).ranking(), further.get(i).weight(), i + 2);
        }
        if (adjustment != null) fused.forEach((name, score) -> score[0] += adjustment.applyAsDouble(name));
        List<Map.Entry<String, double[]>> entries = new ArrayList<>(fused.entrySet());
        entries.sort(Comparator.<Map.Entry<String, double[]>>comparingDouble(e -> -e.getValue()[0])
                .thenComparingDouble(e -> e.getValue()[1])
                .thenComparing(Map.Entry::getKey));
        List<String> names = new ArrayList<>(Math.min(limit, entries.size()));
        for (int i = 0; i < entries.size() && i < limit; i++) names.add(entries.get(i).getKey());
        return names;
    }

    /**
     * Adds one ranking's share; slot [1] keeps the best rank in the first ranking (then in the second, plus
     * {@code depth}, and so on) to break ties.
     */
    private void contribute(Map<String, double[]> fused, List<Scored> ranking, double weight, int which) {
        int n = Math.min(depth, ranking.size());
        if (n == 0) return;
        double max = ranking.getFirst().score();
        double min = ranking.get(n - 1).score();
        for (int rank = 0; rank < n; rank++) {
            Scored scored = ranking.get(rank);
            double share = switch (method) {
                case RRF -> weight / (k + rank + 1);
                case SCORE -> weight * (max > min ? (scored.score() - min) / (max - min) : 1.0);
            };
            double tie = (double) which * depth + rank;
            fused.merge(scored.name(), new double[] {share, tie},
                    (a, b) -> new double[] {a[0] + b[0], Math.min(a[1], b[1])});
        }
    }
}
