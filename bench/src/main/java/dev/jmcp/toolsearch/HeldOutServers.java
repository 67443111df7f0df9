package dev.jmcp.toolsearch;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * What a catalog the intents were not written for can expect ({@code bench/run.sh tool-search}, "held-out servers").
 * The intents ({@code intents.tsv}) were written for the operations of this set's catalog; a held-out set may bring
 * servers whose operations no intent covers. So: some of the catalog's servers are drawn at random (seeded), the
 * operations whose concept words rank mostly those servers' tools (at least 4 of the first 5, lexically) are taken out
 * of the intents as if nobody had written them, and the shipped search ranks every request with all intents, with
 * the rest, and with none. Requests are split by where their right tools are: all in the drawn servers, or none.
 */
final class HeldOutServers {

    /** How many of the first five tools an operation's words rank must be the drawn servers' for it to be theirs. */
    private static final int THEIRS = 4;

    private HeldOutServers() {
    }

    static void report(EvalSet set, String model, Path cache, int count, long seed, Metrics.Tokens tokens)
            throws Exception {
        List<String> servers = new ArrayList<>(new TreeSet<>(set.evalIds().values().stream()
                .map(HeldOutServers::server).toList()));
        Collections.shuffle(servers, new Random(seed));
        Set<String> drawn = new TreeSet<>(servers.subList(0, Math.min(count, servers.size())));
        QueryIntents shipped = QueryIntents.shipped();
        Set<String> theirs = new LinkedHashSet<>();
        try (HybridToolIndex words = new HybridToolIndexFactory().index("none", null)) {
            words.update(set.tools());
            for (String concept : shipped.concepts()) {
                long hits = words.searchLexical(concept, 5).stream()
                        .filter(name -> drawn.contains(server(set.evalIds().get(name)))).count();
                if (hits >= THEIRS) theirs.add(concept);
            }
        }
        System.out.printf(Locale.ROOT, "%nHeld-out servers (seed %d): %d of %d servers drawn (%s); %d of the %d"
                        + " operations of the intents are theirs and left out in the second ranking.%n%n", seed,
                drawn.size(), servers.size(), String.join(", ", drawn), theirs.size(), shipped.concepts().size());

        Map<String, Supplier<QueryIntents>> variants = new LinkedHashMap<>();
        variants.put("all intents", QueryIntents::shipped);
        variants.put("without the drawn servers' operations", () -> QueryIntents.shipped().without(theirs));
        variants.put("no intents", () -> null);
        List<EvalSet.Request> held = set.requests().stream()
                .filter(r -> r.relevant().stream().allMatch(id -> drawn.contains(server(id)))).toList();
        List<EvalSet.Request> others = set.requests().stream()
                .filter(r -> r.relevant().stream().noneMatch(id -> drawn.contains(server(id)))).toList();
        List<String> table = new ArrayList<>();
        for (Map.Entry<String, Supplier<QueryIntents>> variant : variants.entrySet()) {
            Map<String, List<String>> rankings = new HashMap<>();
            try (HybridToolIndex index = new HybridToolIndexFactory().index(model, cache, variant.getValue())) {
                VectorCache.seed(model, set.tools().stream().map(ToolDocument::of).toList(), index.dense());
                index.update(set.tools());
                if (!index.dense().awaitIdle(Duration.ofMinutes(10))) throw new IllegalStateException(model);
                for (EvalSet.Request request : set.requests()) {
                    rankings.put(request.id(), index.search(request.query(), 10));
                }
            }
            table.add(Metrics.of(held, rankings, set.evalIds(), tokens)
                    .row(variant.getKey() + " — requests for the drawn servers"));
            table.add(Metrics.of(others, rankings, set.evalIds(), tokens)
                    .row(variant.getKey() + " — requests for the others"));
            table.add(Metrics.of(set.requests(), rankings, set.evalIds(), tokens).row(variant.getKey() + " — all"));
        }
        System.out.println(Metrics.header());
        table.forEach(System.out::println);
    }

    /** The server of an evaluation id ({@code server/tool}). */
    private static String server(String evalId) {
        return evalId.substring(0, evalId.indexOf('/'));
    }
}
