package dev.jmcp.toolsearch;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
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

    /** The documents closest to the query, best first, at most {@code depth}; empty while the model is not ready. */
    List<Fusion.Scored> rank(String query, Collection<ToolDocument> documents, int depth) {
        if (documents.isEmpty()) return List.of();
        float[] q = embedQuery(query);
        return q == null ? List.of() : rank(q, documents, depth);
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

    /** The documents closest to the unit vector {@code q}, best first, at most {@code depth}. */
    List<Fusion.Scored> rank(float[] q, Collection<ToolDocument> documents, int depth) {
        List<Fusion.Scored> scored = new ArrayList<>(documents.size());
        for (ToolDocument document : documents) {
            float[] v = vectors.get(document.hash());
            if (v == null) continue;
            double dot = 0;
            for (int d = 0; d < q.length; d++) dot += q[d] * v[d];
            scored.add(new Fusion.Scored(document.name(), dot));
        }
        scored.sort((a, b) -> Double.compare(b.score(), a.score()));
        return scored.size() <= depth ? scored : List.copyOf(scored.subList(0, depth));
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
