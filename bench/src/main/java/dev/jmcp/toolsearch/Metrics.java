package dev.jmcp.toolsearch;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Retrieval figures over a set of requests: R@k is the fraction of requests with at least one relevant tool in the top
 * k; MRR@10 the mean of 1/rank of the first relevant tool in the top 10 (0 when none); tokens the mean cl100k_base
 * tokens of the top 5 definitions.
 */
record Metrics(int requests, double r1, double r3, double r5, double r10, double mrr10, double top5Tokens) {

    interface Tokens {
        int of(String servedName);
    }

    static Metrics of(List<EvalSet.Request> requests, Map<String, List<String>> rankings, Map<String, String> evalIds,
                      Tokens tokens) {
        double r1 = 0, r3 = 0, r5 = 0, r10 = 0, mrr = 0, tok = 0;
        for (EvalSet.Request request : requests) {
            List<String> ranking = rankings.get(request.id());
            int first = firstRelevant(ranking, request.relevant(), evalIds);
            if (first < 1) r1++;
            if (first < 3) r3++;
            if (first < 5) r5++;
            if (first < 10) {
                r10++;
                mrr += 1.0 / (first + 1);
            }
            for (int i = 0; i < Math.min(5, ranking.size()); i++) tok += tokens.of(ranking.get(i));
        }
        int n = Math.max(1, requests.size());
        return new Metrics(requests.size(), r1 / n, r3 / n, r5 / n, r10 / n, mrr / n, tok / n);
    }

    /** The 0-based rank of the first relevant tool, or Integer.MAX_VALUE. */
    static int firstRelevant(List<String> ranking, Set<String> relevant, Map<String, String> evalIds) {
        for (int i = 0; i < ranking.size(); i++) {
            if (relevant.contains(evalIds.get(ranking.get(i)))) return i;
        }
        return Integer.MAX_VALUE;
    }

    /** What the fusion search optimizes on dev: the two recall targets and MRR, equally. */
    double objective() {
        return r1 + r5 + mrr10;
    }

    String row(String label) {
        return String.format(java.util.Locale.ROOT, "| %s | %d | %.3f | %.3f | %.3f | %.3f | %.3f | %.0f |", label,
                requests, r1, r3, r5, r10, mrr10, top5Tokens);
    }

    static String header() {
        return "| ranking / requests | n | R@1 | R@3 | R@5 | R@10 | MRR@10 | top-5 tokens |\n"
                + "|---|---|---|---|---|---|---|---|";
    }
}
