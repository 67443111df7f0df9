package dev.jmcp.toolsearch;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The dense half of the index: loads its {@link EmbeddingModel} on a background thread, embeds tools there after each
 * update (only those whose content hash has no vector yet, so an update embeds only what changed), and ranks a set of
 * tools by cosine similarity to the request. Until the model is ready, or when it failed to load (logged once), it
 * ranks nothing and the index is lexical. A tool whose vector is still being computed is left out of the dense
 * ranking only. Thread-safe; the index owns it and closes it.
 */
final class DenseIndex implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DenseIndex.class);
    private static final int BATCH = 8;
    /**
     * How much of a tool's vector is its {@link ToolDocument#summaryText() summary}'s, against its whole text's (1): a
     * tool is ranked by a mix of what it is for and everything it says. 0 embeds the whole text only.
     */
    static final double SUMMARY_WEIGHT = RankingSettings.number("denseSummaryWeight");

    private final EmbeddingModel model;
    /** Read and embedded on the model's thread once the model is loaded (reading them takes ~0.1 s); null before. */
    private volatile QueryIntents intents;
    private final ExecutorService worker;
    private final Map<String, float[]> vectors = new ConcurrentHashMap<>();
    private final AtomicLong latest = new AtomicLong();
    /** Counts the changes to {@link #vectors}, so that what was ranked by them can tell it is out of date. */
    private final AtomicLong version = new AtomicLong();
    private volatile SentenceEncoder encoder;
    private volatile boolean failed;
    private volatile Duration loadTime;

    /** A dense index whose model, once loaded, also embeds the shipped intents (see {@link #intents}). */
    DenseIndex(EmbeddingModel model, int threads, java.nio.file.Path cacheDirectory) {
        this(model, threads, cacheDirectory, QueryIntents::shipped);
    }

    /**
     * A dense index whose model, once loaded, also embeds the intents {@code exemplars} gives (none when it gives
     * null): the benchmark's way to measure other intents than the shipped ones.
     */
    DenseIndex(EmbeddingModel model, int threads, java.nio.file.Path cacheDirectory,
               Supplier<QueryIntents> exemplars) {
        this.model = model;
        this.worker = Executors.newSingleThreadExecutor(Thread.ofPlatform().daemon().name("jmcp-tool-search-model")
                .factory());
        worker.execute(() -> load(threads, cacheDirectory, exemplars));
    }

    private void load(int threads, java.nio.file.Path cacheDirectory, Supplier<QueryIntents> exemplars) {
        long start = System.nanoTime();
        // The tokenizer library finds its native part through the context class loader; in the distribution this
        // module has a class loader of its own, which the thread that happened to start the worker may not see.
        Thread.currentThread().setContextClassLoader(DenseIndex.class.getClassLoader());
        try {
            NativeHeap.returnFreedMemory();
            encoder = SentenceEncoder.load(model, threads, cacheDirectory);
            loadTime = Duration.ofNanos(System.nanoTime() - start);
            LOG.info("Tool search: embedding model {} loaded in {} ms", model.name(), loadTime.toMillis());
        } catch (Exception | LinkageError | AssertionError e) {
            // AssertionError: what the tokenizer library throws when it finds no native part for this platform.
            failed = true;
            LOG.warn("Tool search: the embedding model {} could not be loaded; tool search ranks by words only ({})",
                    model.name(), e.toString(), e);
            return;
        }
        // After the model is published: searches use it meanwhile, without intents for the few seconds this takes.
        long started = System.nanoTime();
        try {
            QueryIntents read = exemplars.get();
            if (read == null) return;
            boolean cached = read.prepare(encoder, cacheDirectory);
            intents = read;
            LOG.debug("Tool search: {} the intents classifier ({} exemplars) in {} ms",
                    cached ? "read" : "embedded the exemplars and trained", read.size(),
                    (System.nanoTime() - started) / 1_000_000);
        } catch (Exception e) {
            LOG.warn("Tool search: embedding the intent exemplars failed; requests are ranked without them", e);
        } finally {
            NativeHeap.trim();
        }
    }

    /** Embeds, in the background, the documents that have no vector yet; a later call supersedes an earlier one. */
    void embed(Collection<ToolDocument> documents) {
        List<ToolDocument> snapshot = List.copyOf(documents);
        long call = latest.incrementAndGet();
        try {
            worker.execute(() -> embedNow(snapshot, call));
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // Closed meanwhile: nothing to embed for.
        }
    }

    private void embedNow(List<ToolDocument> documents, long call) {
        SentenceEncoder current = encoder;
        if (current == null) return;
        Set<String> hashes = new HashSet<>();
        for (ToolDocument document : documents) hashes.add(document.hash());
        if (vectors.keySet().retainAll(hashes)) version.incrementAndGet();
        List<ToolDocument> missing = new ArrayList<>();
        for (ToolDocument document : documents) {
            if (!vectors.containsKey(document.hash())) missing.add(document);
        }
        long started = System.nanoTime();
        try {
            for (int from = 0; from < missing.size(); from += BATCH) {
                if (latest.get() != call || Thread.currentThread().isInterrupted()) return;
                List<ToolDocument> batch = missing.subList(from, Math.min(from + BATCH, missing.size()));
                List<String> texts = new ArrayList<>(batch.size());
                for (ToolDocument document : batch) texts.add(document.denseText());
                List<float[]> embedded = current.embedPassages(texts);
                if (SUMMARY_WEIGHT > 0) {
                    texts.clear();
                    for (ToolDocument document : batch) texts.add(document.summaryText());
                    embedded = mixed(embedded, current.embedPassages(texts), (float) SUMMARY_WEIGHT);
                }
                for (int i = 0; i < batch.size(); i++) vectors.put(batch.get(i).hash(), embedded.get(i));
                version.incrementAndGet();
            }
            if (!missing.isEmpty()) {
                LOG.info("Tool search: embedded {} tools in {} ms; {} tools ranked by the model", missing.size(),
                        (System.nanoTime() - started) / 1_000_000, vectors.size());
            }
        } catch (Exception e) {
            LOG.warn("Tool search: embedding tools failed; those tools are ranked by words only", e);
        } finally {
            if (!missing.isEmpty()) NativeHeap.trim();
        }
    }

    /** Each unit vector {@code whole[i] + weight × summary[i]}, scaled back to unit length. */
    static List<float[]> mixed(List<float[]> whole, List<float[]> summary, float weight) {
        List<float[]> mixed = new ArrayList<>(whole.size());
        for (int i = 0; i < whole.size(); i++) {
            float[] a = whole.get(i);
            float[] b = summary.get(i);
            float[] m = new float[a.length];
            for (int d = 0; d < a.length; d++) m[d] = a[d] + weight * b[d];
            mixed.add(SentenceEncoder.normalize(m));
        }
        return mixed;
    }

    /** The documents closest to the query, best first, at most {@code depth}; empty while the model is not ready. */
    List<Fusion.Scored> rank(String query, Collection<ToolDocument> documents, int depth) {
        if (documents.isEmpty()) return List.of();
        float[] q = embedQuery(query);
        return q == null ? List.of() : rank(q, vectors(documents), depth);
    }

    /** The request's unit vector, or null while the model is not ready or when embedding it failed (logged). */
    float[] embedQuery(String query) {
        SentenceEncoder current = encoder;
        if (current == null) return null;
        try {
            return current.embedQuery(query);
        } catch (Exception e) {
            LOG.debug("Tool search: embedding a request failed; ranking it by words only", e);
            return null;
        }
    }

    /**
     * The vectors of a set of documents side by side with their names, as they were at {@code version} (see
     * {@link #version()}): what a ranking reads, made once and ranked many times, so that a search looks up no vector
     * by its hash.
     */
    record Vectors(long version, String[] names, float[][] vectors) {
    }

    /** The vectors {@code documents} have now; those still being embedded are left out. */
    Vectors vectors(Collection<ToolDocument> documents) {
        // Read first: a vector added meanwhile leaves these marked out of date, never newer than they are.
        long at = version.get();
        String[] names = new String[documents.size()];
        float[][] found = new float[documents.size()][];
        int count = 0;
        for (ToolDocument document : documents) {
            float[] v = vectors.get(document.hash());
            if (v == null) continue;
            names[count] = document.name();
            found[count++] = v;
        }
        return new Vectors(at, Arrays.copyOf(names, count), Arrays.copyOf(found, count));
    }

    /**
     * The documents closest to the unit vector {@code q}, best first (equal scores in the order of {@code documents}),
     * at most {@code depth}. Only the best {@code depth} are ordered, and only they get a record.
     */
    List<Fusion.Scored> rank(float[] q, Vectors documents, int depth) {
        float[][] vectors = documents.vectors();
        int count = Math.min(depth, vectors.length);
        if (count <= 0) return List.of();
        double[] scores = new double[vectors.length];
        for (int i = 0; i < vectors.length; i++) scores[i] = dot(q, vectors[i]);
        int[] best = best(scores, count);
        List<Fusion.Scored> ranked = new ArrayList<>(count);
        for (int i : best) ranked.add(new Fusion.Scored(documents.names()[i], scores[i]));
        return ranked;
    }

    /**
     * {@code q·v} over {@code q}'s length, in four running sums the processor can add at once rather than one that
     * waits on each addition. The sums are doubles, as the ranking's always were (the intents' classifier, which only
     * trains and weighs, sums in floats: {@link QueryIntents}).
     */
    static double dot(float[] q, float[] v) {
        double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        int d = 0;
        for (int end = q.length - 3; d < end; d += 4) {
            s0 += q[d] * v[d];
            s1 += q[d + 1] * v[d + 1];
            s2 += q[d + 2] * v[d + 2];
            s3 += q[d + 3] * v[d + 3];
        }
        for (; d < q.length; d++) s0 += q[d] * v[d];
        return (s0 + s1) + (s2 + s3);
    }

    /**
     * The indexes of the {@code count} highest scores, highest first, an earlier index first among equal scores: a
     * heap of the best so far whose root is the worst of them.
     */
    static int[] best(double[] scores, int count) {
        int[] heap = new int[count];
        int size = 0;
        for (int i = 0; i < scores.length; i++) {
            if (size < count) {
                heap[size] = i;
                up(heap, size++, scores);
            } else if (worse(heap[0], i, scores)) {
                heap[0] = i;
                down(heap, size, scores);
            }
        }
        int[] best = new int[size];
        for (int last = size - 1; last >= 0; last--) {
            best[last] = heap[0];
            heap[0] = heap[last];
            down(heap, last, scores);
        }
        return best;
    }

    /** Whether index {@code a} ranks below index {@code b}. */
    private static boolean worse(int a, int b, double[] scores) {
        int order = Double.compare(scores[a], scores[b]);
        return order < 0 || order == 0 && a > b;
    }

    private static void up(int[] heap, int at, double[] scores) {
        while (at > 0) {
            int parent = (at - 1) / 2;
            if (!worse(heap[at], heap[parent], scores)) return;
            swap(heap, at, parent);
            at = parent;
        }
    }

    private static void down(int[] heap, int size, double[] scores) {
        int at = 0;
        while (true) {
            int left = 2 * at + 1;
            if (left >= size) return;
            int worst = left + 1 < size && worse(heap[left + 1], heap[left], scores) ? left + 1 : left;
            if (!worse(heap[worst], heap[at], scores)) return;
            swap(heap, at, worst);
            at = worst;
        }
    }

    private static void swap(int[] heap, int a, int b) {
        int kept = heap[a];
        heap[a] = heap[b];
        heap[b] = kept;
    }

    /**
     * The {@code count} operations a request (its unit vector) most likely asks for (see {@link QueryIntents}), each at
     * least {@code minimum} likely; empty until the exemplars are embedded and the classifier trained.
     */
    List<QueryIntents.Intent> intents(float[] request, int count, double minimum) {
        QueryIntents current = intents;
        return current == null ? List.of() : current.likely(request, count, minimum);
    }

    /** Waits until the model is loaded (or failed) and every embedding asked for so far is done; true if ready. */
    boolean awaitIdle(Duration timeout) throws InterruptedException {
        Future<?> marker = worker.submit(() -> { });
        try {
            marker.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            return false;
        }
        return encoder != null;
    }

    /** A number that changes whenever a tool's vector is added or dropped. */
    long version() {
        return version.get();
    }

    /** Gives a content hash a vector computed elsewhere (the benchmark's copies of a catalog reuse their originals'). */
    void seed(String hash, float[] vector) {
        vectors.put(hash, vector);
        version.incrementAndGet();
    }

    /** The vector of a document's content hash, or null (for tests). */
    float[] vector(String hash) {
        return vectors.get(hash);
    }

    boolean ready() {
        return encoder != null;
    }

    boolean failed() {
        return failed;
    }

    Duration loadTime() {
        return loadTime;
    }

    String describe() {
        String state = encoder != null ? "" : failed ? ", failed to load" : ", loading";
        return "dense(" + model.name() + state + ")";
    }

    @Override
    public void close() {
        worker.shutdownNow();
        try {
            worker.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        SentenceEncoder current = encoder;
        encoder = null;
        if (current != null) current.close();
    }
}
