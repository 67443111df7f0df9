package dev.jmcp.toolsearch;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import dev.jmcp.protocol.Tool;
import dev.jmcp.server.toolsearch.SearchableTool;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * bench/run.sh tool-search [FOLDER] [--models a,b] [--no-scale | --scale-only | --stdio-only] [--held-out N]
 * [--held-out-seed S]: the tool-search benchmark. Loads the evaluation set (default bench/tool-search), ranks every
 * request with BM25 alone, each candidate embedding model alone, and fused; chooses the fusion parameters on the dev
 * split only and prints figures per split and for non-English requests; with the default model, what servers the
 * intents were not written for can expect ({@link HeldOutServers}, N servers drawn, default 15; 0 leaves it out);
 * then times search at 500 and 10,000 tools, an update after one server's tools change at 10,000, the model's load
 * and the memory it adds. In package dev.jmcp.toolsearch to reach the index's separate rankings, which are not public.
 */
public final class ToolSearchBench {

    private static final int DEPTH = 50;
    /**
     * Searches before the timed ones: a server that has run a while has compiled its search path; 100 were too few
     * (the first 300 of a fresh JVM had a median 40% above the next 300's).
     */
    private static final int WARM_UP = 400;
    /** Calls between the first timed requests over stdio and the same requests timed again, steady. */
    private static final int STEADY_AFTER = 2_000;
    private static final List<String> MODELS = List.of("bge-small-en-v1.5", "bge-small-zh-v1.5", "e5-small-v2",
            "all-minilm-l6-v2");

    private ToolSearchBench() {
    }

    public static void main(String[] args) throws Exception {
        Path folder = Path.of("bench/tool-search");
        List<String> models = MODELS;
        boolean scale = true;
        boolean memory = true;
        Path dump = null;
        Path jmcp = null;
        boolean stdioOnly = false;
        int heldOut = 15;
        long heldOutSeed = 1;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--held-out" -> heldOut = Integer.parseInt(args[++i]);
                case "--held-out-seed" -> heldOutSeed = Long.parseLong(args[++i]);
                case "--dump" -> dump = Path.of(args[++i]);
                case "--jmcp" -> jmcp = Path.of(args[++i]);
                case "--models" -> models = Arrays.asList(args[++i].split(","));
                case "--no-scale" -> scale = false;
                case "--no-memory" -> memory = false;
                case "--scale-only" -> models = List.of();
                case "--stdio-only" -> {
                    models = List.of();
                    stdioOnly = true;
                }
                default -> folder = Path.of(args[i]);
            }
        }
        EvalSet set = EvalSet.load(folder);
        Encoding cl100k = Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.CL100K_BASE);
        Map<String, Integer> tokens = new HashMap<>();
        long catalogTokens = 0;
        for (Map.Entry<String, String> definition : set.definitions().entrySet()) {
            int count = cl100k.countTokens(definition.getValue());
            tokens.put(definition.getKey(), count);
            catalogTokens += count;
        }
        Metrics.Tokens tokenCount = name -> tokens.getOrDefault(name, 0);
        long nonEnglish = set.requests().stream().filter(r -> !r.english()).count();
        System.out.printf(Locale.ROOT, "# Tool search benchmark%n%nEval set %s: %d tools, %d requests (%d dev, %d test,"
                        + " %d fresh, %d not in English); whole catalog %d tokens (cl100k_base, definitions as JSON).%n"
                        + "R@k = fraction of requests with at least one relevant tool in the top k. Tuned on dev only;"
                        + " fresh is the held-out split written after everything else (bench/tool-search/fresh.src).%n%n",
                folder, set.tools().size(), set.requests().size(),
                set.requests().stream().filter(r -> r.split().equals("dev")).count(),
                set.requests().stream().filter(r -> r.split().equals("test")).count(),
                set.requests().stream().filter(r -> r.split().equals("fresh")).count(), nonEnglish, catalogTokens);

        Path cache = temporaryFolder("jmcp-tool-search-bench");
        if (models.equals(List.of("none"))) {
            lexicalOnly(set, tokenCount, dump);
            return;
        }
        if (!models.isEmpty() && memory) memoryAndLoad(set, cache);

        Map<String, List<Fusion.Scored>> lexical = new HashMap<>();
        Map<String, Map<String, List<Fusion.Scored>>> dense = new LinkedHashMap<>();
        Fusion shipped = Fusion.shipped();
        System.out.println(Metrics.header());
        for (String model : models) {
            long start = System.nanoTime();
            try (HybridToolIndex index = new HybridToolIndexFactory().index(model, cache)) {
                List<ToolDocument> documents = set.tools().stream().map(ToolDocument::of).toList();
                VectorCache.seed(model, documents, index.dense());
                index.update(set.tools());
                if (!index.dense().awaitIdle(Duration.ofMinutes(10))) throw new IllegalStateException(model);
                VectorCache.save(model, documents, index.dense());
                double embedSeconds = (System.nanoTime() - start) / 1e9;
                Map<String, List<Fusion.Scored>> ranked = new HashMap<>();
                long queryStart = System.nanoTime();
                boolean first = lexical.isEmpty();
                Map<String, List<String>> searched = new HashMap<>();
                for (EvalSet.Request request : set.requests()) {
                    List<List<Fusion.Scored>> both = index.rankings(request.query(), DEPTH);
                    lexical.putIfAbsent(request.id(), both.get(0));
                    ranked.put(request.id(), both.get(1));
                    if (model.equals(EmbeddingModel.DEFAULT)) searched.put(request.id(), index.search(request.query(), 10));
                }
                System.out.printf(Locale.ROOT, "model %s: loaded and embedded %d tools in %.1f s; ranked %d requests"
                                + " in %.1f s%n", model, set.tools().size(), embedSeconds, set.requests().size(),
                        (System.nanoTime() - queryStart) / 1e9);
                dense.put(model, ranked);
                if (dump != null) dump(dump, model, set, lexical, ranked);
                List<String> table = new ArrayList<>();
                if (first) rows(table, "BM25", set, names(lexical), tokenCount);
                rows(table, "dense " + model, set, names(ranked), tokenCount);
                Fusion best = tune(set, lexical, ranked, tokenCount);
                rows(table, "fused " + model + " " + label(best), set, fuse(best, set, lexical, ranked), tokenCount);
                if (model.equals(EmbeddingModel.DEFAULT)) {
                    rows(table, "SHIPPED (search_tools) " + model + " " + label(shipped), set, searched, tokenCount);
                }
                table.forEach(System.out::println);
                System.out.flush();
            }
        }
        if (dense.containsKey("bge-small-zh-v1.5")) {
            List<String> table = new ArrayList<>();
            for (String other : dense.keySet()) {
                if (other.equals("bge-small-zh-v1.5")) continue;
                Map<String, List<Fusion.Scored>> routed = new HashMap<>();
                for (EvalSet.Request request : set.requests()) {
                    routed.put(request.id(), dense.get(cjk(request.query()) ? "bge-small-zh-v1.5" : other)
                            .get(request.id()));
                }
                String name = "zh-for-CJK+" + other;
                rows(table, "dense " + name, set, names(routed), tokenCount);
                Fusion best = tune(set, lexical, routed, tokenCount);
                rows(table, "fused " + name + " " + label(best), set, fuse(best, set, lexical, routed), tokenCount);
            }
            table.forEach(System.out::println);
        }

        if (heldOut > 0 && models.contains(EmbeddingModel.DEFAULT)) {
            HeldOutServers.report(set, EmbeddingModel.DEFAULT, cache, heldOut, heldOutSeed, tokenCount);
        }

        if (scale && !stdioOnly) scale(set);
        if (scale && jmcp != null) overStdio(folder, set, jmcp);
    }

    /** --models none: the lexical ranking alone, fast (no model), for tuning the lexical settings on dev. */
    private static void lexicalOnly(EvalSet set, Metrics.Tokens tokens, Path dump) throws Exception {
        try (HybridToolIndex index = new HybridToolIndexFactory().index("none", null)) {
            index.update(set.tools());
            Map<String, List<Fusion.Scored>> lexical = new HashMap<>();
            for (EvalSet.Request request : set.requests()) {
                lexical.put(request.id(), index.rankings(request.query(), DEPTH).get(0));
            }
            List<String> table = new ArrayList<>();
            rows(table, "BM25", set, names(lexical), tokens);
            System.out.println(Metrics.header());
            table.forEach(System.out::println);
            if (dump != null) dump(dump, "none", set, lexical, Map.of());
        }
    }

    /**
     * Writes both rankings of every request, with the evaluation id of each tool, as one JSON object a line to
     * DIR/MODEL.jsonl, for analysis outside the benchmark (--dump DIR).
     */
    private static void dump(Path folder, String model, EvalSet set, Map<String, List<Fusion.Scored>> lexical,
                             Map<String, List<Fusion.Scored>> dense) throws java.io.IOException {
        Files.createDirectories(folder);
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        try (java.io.BufferedWriter out = Files.newBufferedWriter(folder.resolve(model + ".jsonl"))) {
            for (EvalSet.Request request : set.requests()) {
                Map<String, Object> line = new LinkedHashMap<>();
                line.put("id", request.id());
                line.put("lexical", scored(lexical.get(request.id()), set));
                line.put("dense", scored(dense.getOrDefault(request.id(), List.of()), set));
                line.put("gloss", QueryGlossary.shipped().translate(request.query()).english());
                out.write(json.writeValueAsString(line));
                out.newLine();
            }
        }
    }

    private static List<List<Object>> scored(List<Fusion.Scored> ranking, EvalSet set) {
        List<List<Object>> out = new ArrayList<>(ranking.size());
        for (Fusion.Scored scored : ranking) out.add(List.of(set.evalIds().get(scored.name()), scored.score()));
        return out;
    }

    private static String label(Fusion fusion) {
        return String.format(Locale.ROOT, "(%s k=%.0f wL=%.2f wD=%.2f depth=%d)", fusion.method(), fusion.k(),
                fusion.lexicalWeight(), fusion.denseWeight(), fusion.depth());
    }

    private static boolean cjk(String text) {
        return text.codePoints().anyMatch(c -> {
            Character.UnicodeScript script = Character.UnicodeScript.of(c);
            return script == Character.UnicodeScript.HAN || script == Character.UnicodeScript.HIRAGANA
                    || script == Character.UnicodeScript.KATAKANA || script == Character.UnicodeScript.HANGUL;
        });
    }

    private static void rows(List<String> table, String label, EvalSet set, Map<String, List<String>> rankings,
                             Metrics.Tokens tokens) {
        table.add(Metrics.of(set.requests(), rankings, set.evalIds(), tokens).row(label + " — all"));
        table.add(Metrics.of(filter(set, r -> !r.english()), rankings, set.evalIds(), tokens).row(label + " — non-English"));
        table.add(Metrics.of(filter(set, r -> r.split().equals("dev")), rankings, set.evalIds(), tokens).row(label + " — dev"));
        table.add(Metrics.of(filter(set, r -> r.split().equals("test")), rankings, set.evalIds(), tokens).row(label + " — test"));
        var fresh = filter(set, r -> r.split().equals("fresh"));
        if (!fresh.isEmpty()) table.add(Metrics.of(fresh, rankings, set.evalIds(), tokens).row(label + " — fresh"));
    }

    private static List<EvalSet.Request> filter(EvalSet set, Predicate<EvalSet.Request> which) {
        return set.requests().stream().filter(which).toList();
    }

    private static Map<String, List<String>> names(Map<String, List<Fusion.Scored>> rankings) {
        Map<String, List<String>> names = new HashMap<>();
        rankings.forEach((id, ranking) -> names.put(id, ranking.stream().map(Fusion.Scored::name).toList()));
        return names;
    }

    private static Map<String, List<String>> fuse(Fusion fusion, EvalSet set, Map<String, List<Fusion.Scored>> lexical,
                                                  Map<String, List<Fusion.Scored>> dense) {
        Map<String, List<String>> fused = new HashMap<>();
        for (EvalSet.Request request : set.requests()) {
            fused.put(request.id(), fusion.fuse(lexical.get(request.id()), dense.get(request.id()), 10));
        }
        return fused;
    }

    /** The fusion parameters with the best objective on the dev split, over a fixed grid. */
    private static Fusion tune(EvalSet set, Map<String, List<Fusion.Scored>> lexical,
                               Map<String, List<Fusion.Scored>> dense, Metrics.Tokens tokens) {
        List<EvalSet.Request> dev = filter(set, r -> r.split().equals("dev"));
        Fusion best = null;
        double bestScore = -1;
        double[] weights = {0.2, 0.35, 0.5, 0.7, 0.85, 1.0, 1.2, 1.5, 2.0, 3.0};
        for (int depth : new int[] {10, 20, 50}) {
            for (double k : new double[] {1, 3, 5, 10, 20, 40, 60}) {
                for (double w : weights) {
                    best = pick(new Fusion(Fusion.Method.RRF, k, w, 1.0, depth), best, bestScore, dev, lexical, dense,
                            set, tokens);
                    bestScore = score(best, dev, lexical, dense, set, tokens);
                }
            }
            for (double w : weights) {
                best = pick(new Fusion(Fusion.Method.SCORE, 0, w, 1.0, depth), best, bestScore, dev, lexical, dense, set,
                        tokens);
                bestScore = score(best, dev, lexical, dense, set, tokens);
            }
        }
        return best;
    }

    private static Fusion pick(Fusion candidate, Fusion best, double bestScore, List<EvalSet.Request> dev,
                               Map<String, List<Fusion.Scored>> lexical, Map<String, List<Fusion.Scored>> dense,
                               EvalSet set, Metrics.Tokens tokens) {
        return score(candidate, dev, lexical, dense, set, tokens) > bestScore ? candidate : best;
    }

    private static double score(Fusion fusion, List<EvalSet.Request> dev, Map<String, List<Fusion.Scored>> lexical,
                                Map<String, List<Fusion.Scored>> dense, EvalSet set, Metrics.Tokens tokens) {
        Map<String, List<String>> fused = new HashMap<>();
        for (EvalSet.Request request : dev) {
            fused.put(request.id(), fusion.fuse(lexical.get(request.id()), dense.get(request.id()), 10));
        }
        return Metrics.of(dev, fused, set.evalIds(), tokens).objective();
    }

    /** The memory the shipped model adds (resident set and heap, after GC) and its load time. */
    private static void memoryAndLoad(EvalSet set, Path cache) throws Exception {
        long rssBefore = rss();
        long heapBefore = heap();
        long start = System.nanoTime();
        HybridToolIndex index = new HybridToolIndexFactory().index("default", cache);
        long created = System.nanoTime();
        index.update(set.tools());
        index.dense().awaitIdle(Duration.ofMinutes(10));
        long rssAfter = rss();
        long heapAfter = heap();
        System.out.printf(Locale.ROOT, "default model %s: factory answered in %.1f ms; model loaded in %d ms (background);"
                        + " memory added with the model loaded and %d tools indexed and embedded: RSS %+.1f MB, heap"
                        + " after GC %+.1f MB (RSS from /proc/self/status VmRSS, before and after, both after GC; run.sh fixes and"
                        + " pre-touches the Java heap, so the RSS difference is the model's native memory, classes and"
                        + " compiled code, not heap growth)%n",
                EmbeddingModel.DEFAULT, (created - start) / 1e6, index.dense().loadTime().toMillis(),
                set.tools().size(), (rssAfter - rssBefore) / 1e6, (heapAfter - heapBefore) / 1e6);
        index.close();
    }

    private static long heap() throws InterruptedException {
        System.gc();
        Thread.sleep(200);
        Runtime runtime = Runtime.getRuntime();
        return runtime.totalMemory() - runtime.freeMemory();
    }

    private static long rss() throws Exception {
        heap();
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
        }
        return -1;
    }

    /**
     * search_tools over stdio, as a client sees it: a real {@code jmcp serve --tool-search} (the distribution's
     * launcher, default settings) with the first 500 tools of the catalog mounted from a {@link CatalogServer}, timed at
     * the client (a {@code tools/call} of search_tools, limit 5) over 500 distinct requests once the model is ready.
     */
    private static void overStdio(Path folder, EvalSet set, Path jmcp) throws Exception {
        Path plugins = temporaryFolder("jmcp-tool-search-plugins");
        Path cache = temporaryFolder("jmcp-tool-search-cache");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Map<String, Object> server = new LinkedHashMap<>();
        server.put("command", java);
        server.put("args", List.of("-cp", System.getProperty("java.class.path"), CatalogServer.class.getName(),
                folder.toAbsolutePath().toString(), "500"));
        Files.writeString(plugins.resolve("catalog.mcp.json"), new com.fasterxml.jackson.databind.ObjectMapper()
                .writeValueAsString(Map.of("mcpServers", Map.of("catalog", server))));
        Path logs = temporaryFolder("jmcp-logs");
        List<String> command = List.of(jmcp.toString(), "serve", "--tool-search", "--tool-search-cache",
                cache.toString(), "-p", plugins.toString(), "-l", logs.toString());
        long start = System.nanoTime();
        try (dev.jmcp.client.McpClient client = dev.jmcp.client.McpClient.stdio(command, Map.of())) {
            long initialized = System.nanoTime();
            // Ready when the server's log says the model embedded the mounted tools (searches are lexical until then).
            String rankedBy = "NOT ready after 10 minutes";
            long deadline = System.nanoTime() + Duration.ofMinutes(10).toNanos();
            while (System.nanoTime() < deadline) {
                // The mount's tools as jmcp serves them (it may leave out one it finds invalid) are all embedded.
                String line = logLine(logs, "tools ranked by the model");
                Matcher ranked = line == null ? null
                        : Pattern.compile("; (\\d+) tools ranked by the model").matcher(line);
                if (ranked != null && ranked.find() && Integer.parseInt(ranked.group(1)) >= 490) {
                    rankedBy = line.substring(line.indexOf("Tool search: "));
                    break;
                }
                Thread.sleep(200);
            }
            long ready = System.nanoTime();
            List<String> queries = set.requests().stream().map(EvalSet.Request::query).toList();
            // search_tools itself, as a model's host calls it (McpClient.searchTools also lists the tools first, to
            // find out whether the server has search_tools).
            for (int i = 0; i < WARM_UP; i++) {
                client.callTool("search_tools", Map.of("query", queries.get(i % queries.size()), "limit", 5));
            }
            // The server's own CPU time for them (the launcher execs the JVM, so the server is this run's child): a
            // figure the machine's other load changes much less than the wall-clock time.
            var serverProcess = ProcessHandle.current().children()
                    .filter(p -> p.info().command().orElse("").endsWith("java")).findFirst();
            long[] times = timed(client, queries, serverProcess, "");
            // The same requests once the JIT has compiled the search path (the launcher delays the JIT's first tier
            // for a fast start, so a few thousand calls pass before a search runs compiled code throughout).
            for (int i = 0; i < STEADY_AFTER; i++) {
                client.callTool("search_tools", Map.of("query", queries.get(i % queries.size()), "limit", 5));
            }
            long[] steady = timed(client, queries, serverProcess, " after " + (WARM_UP + times.length + STEADY_AFTER)
                    + " calls");
            long[] pings = new long[200];
            for (int i = 0; i < pings.length; i++) {
                long t0 = System.nanoTime();
                client.ping();
                pings[i] = System.nanoTime() - t0;
            }
            Arrays.sort(pings);
            System.out.printf(Locale.ROOT, "ping over the same stdio: p50 %.2f ms%n", pings[pings.length / 2] / 1e6);
            System.out.printf(Locale.ROOT, "%nsearch_tools over stdio (jmcp serve --tool-search, 500 tools mounted):"
                            + " initialize answered in %.0f ms, model ready after %.1f s (%s); p50 %.2f ms, p95 %.2f ms"
                            + " over %d distinct requests after %d calls; after %d calls p50 %.2f ms, p95 %.2f ms%n",
                    (initialized - start) / 1e6, (ready - initialized) / 1e9, rankedBy, times[times.length / 2] / 1e6,
                    times[(int) (times.length * 0.95)] / 1e6, times.length, WARM_UP,
                    WARM_UP + times.length + STEADY_AFTER, steady[steady.length / 2] / 1e6,
                    steady[(int) (steady.length * 0.95)] / 1e6);
        }
    }

    /** The sorted times of search_tools over up to 500 distinct requests, and the server's CPU time for them. */
    private static long[] timed(dev.jmcp.client.McpClient client, List<String> queries,
                                java.util.Optional<ProcessHandle> serverProcess, String when) throws Exception {
        long[] times = new long[Math.min(queries.size(), 500)];
        long serverCpu0 = serverProcess.flatMap(p -> p.info().totalCpuDuration()).map(Duration::toNanos).orElse(-1L);
        long clientCpu0 = processCpuNanos();
        for (int i = 0; i < times.length; i++) {
            long t0 = System.nanoTime();
            var result = client.callTool("search_tools", Map.of("query", queries.get(i), "limit", 5));
            times[i] = System.nanoTime() - t0;
            if (result.failed()) throw new IllegalStateException("search_tools failed: " + result);
        }
        long clientCpu = processCpuNanos() - clientCpu0;
        long serverCpu = serverProcess.flatMap(p -> p.info().totalCpuDuration()).map(Duration::toNanos).orElse(-1L)
                - serverCpu0;
        if (serverCpu0 >= 0) {
            System.out.printf(Locale.ROOT, "search_tools over stdio%s: CPU %.2f ms a call in the server, %.2f ms in the"
                    + " client%n", when, serverCpu / 1e6 / times.length, clientCpu / 1e6 / times.length);
        }
        Arrays.sort(times);
        return times;
    }

    private static String logLine(Path logs, String text) throws java.io.IOException {
        try (java.util.stream.Stream<Path> files = Files.walk(logs)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                for (String line : Files.readAllLines(file)) if (line.contains(text)) return line;
            }
        }
        return null;
    }

    /** Search latency at 500 and 10,000 tools, and the time of one server's change at 10,000 (shipped settings). */
    private static void scale(EvalSet set) throws Exception {
        System.out.println();
        System.out.println("## Speed (shipped settings: default model, shipped fusion; limit 5)");
        System.out.println();
        List<SearchableTool> large = new ArrayList<>();
        for (int copy = 0; large.size() < 10_000; copy++) {
            for (SearchableTool tool : set.tools()) {
                if (large.size() == 10_000) break;
                Tool t = tool.tool();
                String name = copy == 0 ? t.name() : "c" + copy + "_" + t.name();
                large.add(new SearchableTool(new Tool(name, t.title(), t.description(), t.inputSchema(),
                        t.outputSchema(), t.annotations(), null, null),
                        copy == 0 ? tool.source() : tool.source() + " (copy " + copy + ")", tool.sourceDescription()));
            }
        }
        List<SearchableTool> small = new ArrayList<>(large.subList(0, Math.min(500, large.size())));
        Path cache = temporaryFolder("jmcp-tool-search-bench");
        for (List<SearchableTool> tools : List.of(small, large)) {
            try (HybridToolIndex index = new HybridToolIndexFactory().index("default", cache)) {
                if (tools.size() > set.tools().size()) {
                    // Embedding 10,000 tools takes long on a loaded 2-core machine: the copies get their originals'
                    // vectors (a search does the same work whichever vectors they are).
                    index.update(set.tools());
                    index.dense().awaitIdle(Duration.ofMinutes(15));
                    for (int i = 0; i < tools.size(); i++) {
                        float[] vector = index.dense().vector(ToolDocument.of(set.tools().get(i % set.tools().size()))
                                .hash());
                        if (vector != null) index.dense().seed(ToolDocument.of(tools.get(i)).hash(), vector);
                    }
                }
                long start = System.nanoTime();
                index.update(tools);
                long indexed = System.nanoTime();
                boolean embedded = index.dense().awaitIdle(Duration.ofMinutes(15));
                System.out.printf(Locale.ROOT, "%d tools: update with all of them (lexical) %.0f ms; then model load"
                                + " and embedding %s in %.1f s%n", tools.size(), (indexed - start) / 1e6,
                        embedded ? "done" : "NOT done", (System.nanoTime() - indexed) / 1e9);
                List<String> queries = set.requests().stream().map(EvalSet.Request::query).toList();
                for (int i = 0; i < WARM_UP; i++) index.search(queries.get(i % queries.size()), 5);
                long[] times = new long[Math.min(queries.size(), 500)];
                long cpu0 = processCpuNanos();
                for (int i = 0; i < times.length; i++) {
                    long t0 = System.nanoTime();
                    index.search(queries.get(i), 5);
                    times[i] = System.nanoTime() - t0;
                }
                long cpu = processCpuNanos() - cpu0;
                Arrays.sort(times);
                System.out.printf(Locale.ROOT, "%d tools: search p50 %.2f ms, p95 %.2f ms, CPU %.2f ms a search, over"
                                + " %d distinct requests (%s)%n", tools.size(), times[times.length / 2] / 1e6,
                        times[(int) (times.length * 0.95)] / 1e6, cpu / 1e6 / times.length, times.length,
                        index.describe());
                if (tools.size() >= 10_000) {
                    String changedSource = tools.get(0).source();
                    List<SearchableTool> changed = new ArrayList<>();
                    int count = 0;
                    for (SearchableTool tool : tools) {
                        if (tool.source().equals(changedSource)) {
                            Tool t = tool.tool();
                            changed.add(new SearchableTool(new Tool(t.name(), t.title(), t.description() + " (v2)",
                                    t.inputSchema(), t.outputSchema(), t.annotations(), null, null), tool.source(), tool.sourceDescription()));
                            count++;
                        } else {
                            changed.add(tool);
                        }
                    }
                    long[] updates = new long[5];
                    for (int round = 0; round < updates.length; round++) {
                        List<SearchableTool> next = round % 2 == 0 ? changed : tools;
                        long t0 = System.nanoTime();
                        index.update(next);
                        updates[round] = System.nanoTime() - t0;
                        long t1 = System.nanoTime();
                        index.dense().awaitIdle(Duration.ofMinutes(2));
                        if (round == 0) {
                            System.out.printf(Locale.ROOT, "10,000 tools: re-embedding the %d changed tools took"
                                    + " %.0f ms (background)%n", count, (System.nanoTime() - t1) / 1e6);
                        }
                    }
                    Arrays.sort(updates);
                    System.out.printf(Locale.ROOT, "10,000 tools: update after one server's %d tools change: median"
                            + " %.0f ms, max %.0f ms over %d updates%n", count, updates[2] / 1e6, updates[4] / 1e6, 5);
                }
            }
        }
    }

    /** CPU time this process has used, all threads. */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** Folders this run made (model copies of about 40 MB each, index caches, logs), deleted when it ends. */
    private static final List<Path> TEMPORARY = new java.util.concurrent.CopyOnWriteArrayList<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> TEMPORARY.forEach(ToolSearchBench::deleteTree),
                "bench-cleanup"));
    }

    /** A new folder under the system's temporary one, deleted with everything in it when the run ends. */
    private static Path temporaryFolder(String prefix) throws java.io.IOException {
        Path folder = Files.createTempDirectory(prefix);
        TEMPORARY.add(folder);
        return folder;
    }

    private static void deleteTree(Path folder) {
        try (var paths = Files.walk(folder)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (java.io.IOException | RuntimeException e) {
            System.err.println("could not delete " + folder + ": " + e);
        }
    }
}
