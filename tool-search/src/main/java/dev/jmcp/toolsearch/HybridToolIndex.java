package dev.jmcp.toolsearch;

import dev.jmcp.server.toolsearch.SearchableTool;
import dev.jmcp.server.toolsearch.ToolIndex;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.TermStates;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDataOutput;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.SingleInstanceLockFactory;
import org.apache.lucene.util.BytesRef;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;

/**
 * The tool index: Lucene BM25 over an in-memory directory, fused with the dense ranking of a {@link DenseIndex} when
 * there is one and its model is ready. An update diffs the new set against the last by tool name and content hash and
 * writes only what changed (update or delete by name), then reopens a near-real-time reader; the reader and the tool
 * set it holds are published together as one {@link Generation}, which a search pins by reference count, so it sees
 * one consistent set while updates go on. Updates are serialized; searches run concurrently. Thread-safe.
 */
final class HybridToolIndex implements ToolIndex {

    private static final Logger LOG = LoggerFactory.getLogger(HybridToolIndex.class);
    static final String ID = "id";
    /** The fields ranked, each with its weight in the lexical score (the name counts most). */
    static final Map<String, Float> FIELD_WEIGHTS = fieldWeights(RankingSettings.get("fields"));
    static final float BM25_K1 = (float) RankingSettings.number("k1");
    static final float BM25_B = (float) RankingSettings.number("b");
    static final String DENSE_QUERY = RankingSettings.get("denseQuery");
    /**
     * The weight of the English words the glossary gives for a request (see {@link QueryGlossary}) against the
     * request's own words (1); 0 turns the glossary off. Chosen on the evaluation set's dev split.
     */
    static final float GLOSSARY_WEIGHT = (float) RankingSettings.number("glossaryWeight");
    private static final int MAX_QUERY_TERMS = 64;
    /**
     * What agreeing (or differing) kinds of action add to (or take from) a tool's fused score, whose two parts each lie
     * in [0, 1] (see {@link ToolActions}); 0 turns it off.
     */
    static final double ACTION_WEIGHT = RankingSettings.number("actionWeight");
    /**
     * What a tool gains on the fused score when the request names where it comes from ("search our notion for ...":
     * a word of its source's name that no other source's tools use; see {@link #sourceNames}); 0 turns it off.
     */
    static final double SOURCE_WEIGHT = RankingSettings.number("sourceWeight");
    /** The words of a source's name that say what kind of thing it is, not which one. */
    private static final Set<String> GENERIC_SOURCE_WORDS = Set.of("mcp", "server", "servers", "reference", "official",
            "plugin", "the", "and", "for", "api", "tools", "test");
    private static final Pattern NAME_WORD = Pattern.compile("[\\p{L}\\p{N}]+");
    /** A generation's source names while a thread makes them. */
    private static final Map<String, String> MAKING = new HashMap<>();
    /** The weight of a request's quoted words (see {@link RequestText}) against its other words (1). */
    static final float QUOTE_WEIGHT = (float) RankingSettings.number("quoteWeight");
    /** The weight of a mistyped word's neighbours (see {@link Typos}) against the request's own words (1). */
    static final float FUZZY_WEIGHT = (float) RankingSettings.number("fuzzyWeight");
    /** How many of the operations a request most likely asks for count ({@link QueryIntents}), and how likely each. */
    static final int INTENT_COUNT = (int) RankingSettings.number("intentCount");
    static final double INTENT_MINIMUM = RankingSettings.number("intentMinimum");
    /** The weights of the lexical and the dense ranking of an intent's words, times the intent's probability. */
    static final double INTENT_LEXICAL_WEIGHT = RankingSettings.number("intentLexicalWeight");
    static final double INTENT_DENSE_WEIGHT = RankingSettings.number("intentDenseWeight");

    static {
        // Before Lucene's first class that logs: its notes go to jmcp's log, not straight to standard error.
        LuceneLogging.route();
    }

    private final ToolTextAnalyzer analyzer = new ToolTextAnalyzer();
    private final QueryGlossary glossary = QueryGlossary.shipped();
    private final ToolActions actions = ToolActions.shipped();
    /**
     * Each file of the index in one buffer: a search clones and slices its files for every term it looks up, and a
     * clone copies the file's buffer list (by default a file is many small buffers: 1.1 MB of garbage a search).
     */
    private final ByteBuffersDirectory directory = new ByteBuffersDirectory(new SingleInstanceLockFactory(),
            ByteBuffersDataOutput::new, ByteBuffersDirectory.OUTPUT_AS_ONE_BUFFER);
    private final IndexWriter writer;
    private final DenseIndex dense;
    private final Fusion fusion;
    private final Object updates = new Object();
    private volatile Generation current;
    /** The source names of the last generation whose names were made (see {@link #namedSources}). */
    private volatile Map<String, String> lastSourceNames = Map.of();
    private volatile boolean closed;

    /** An index ranking lexically only ({@code dense == null}) or fused with {@code dense}, which it then owns. */
    HybridToolIndex(DenseIndex dense, Fusion fusion) {
        this.dense = dense;
        this.fusion = fusion;
        try {
            IndexWriterConfig config = new IndexWriterConfig(analyzer).setSimilarity(new BM25Similarity());
            writer = new IndexWriter(directory, config);
            DirectoryReader reader = DirectoryReader.open(writer);
            current = new Generation(reader, Map.of());
        } catch (IOException e) {
            throw new UncheckedIOException("opening an in-memory index failed", e);
        }
    }

    /**
     * One published state: a reader and the documents it holds, by tool name, and the lexical and dense rankings of
     * each intent's words over them as searches came to need them (a few hundred at most: the intents are a fixed set;
     * a dense one is made again once the model's vectors have changed), and the model's vectors of those documents as
     * searches last read them. The generation owns one reference.
     */
    private record Generation(DirectoryReader reader, Map<String, ToolDocument> documents,
                              Map<String, List<Fusion.Scored>> intentRankings,
                              Map<String, DenseRanking> intentDenseRankings,
                              AtomicReference<Map<String, String>> sourceNames,
                              AtomicReference<DenseIndex.Vectors> vectors) {

        Generation(DirectoryReader reader, Map<String, ToolDocument> documents) {
            this(reader, documents, new ConcurrentHashMap<>(), new ConcurrentHashMap<>(),
                    new AtomicReference<>(), new AtomicReference<>());
        }
    }

    /** A dense ranking to {@code depth}, made when the model's vectors were at {@code version}. */
    private record DenseRanking(long version, int depth, List<Fusion.Scored> ranking) {
    }

    @Override
    public void update(List<SearchableTool> tools) {
        synchronized (updates) {
            if (closed) return;
            Generation previous = current;
            Map<String, ToolDocument> next = new LinkedHashMap<>();
            try {
                for (SearchableTool tool : tools) {
                    ToolDocument document = ToolDocument.of(tool);
                    next.put(document.name(), document);
                }
                boolean changed = false;
                for (String name : previous.documents().keySet()) {
                    if (!next.containsKey(name)) {
                        writer.deleteDocuments(new Term(ID, name));
                        changed = true;
                    }
                }
                for (ToolDocument document : next.values()) {
                    ToolDocument old = previous.documents().get(document.name());
                    if (old == null || !old.hash().equals(document.hash())) {
                        writer.updateDocument(new Term(ID, document.name()), luceneDocument(document));
                        changed = true;
                    }
                }
                if (!changed) return;
                DirectoryReader reader = DirectoryReader.openIfChanged(previous.reader(), writer, true);
                if (reader == null) {
                    reader = previous.reader();
                    reader.incRef();
                }
                current = new Generation(reader, Map.copyOf(next));
                previous.reader().decRef();
            } catch (IOException | RuntimeException e) {
                LOG.warn("Tool search: updating the index with {} tools failed; it keeps its previous {} tools",
                        tools.size(), previous.documents().size(), e);
                rollBack(previous, next.keySet());
                return;
            }
            if (dense != null) dense.embed(next.values());
        }
    }

    /** After a failed update: drops what the writer buffered, so the next update starts from the published state. */
    private void rollBack(Generation previous, Set<String> attempted) {
        try {
            for (String name : attempted) {
                if (!previous.documents().containsKey(name)) writer.deleteDocuments(new Term(ID, name));
            }
            for (ToolDocument document : previous.documents().values()) {
                writer.updateDocument(new Term(ID, document.name()), luceneDocument(document));
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("Tool search: restoring the index after a failed update failed too", e);
        }
    }

    private static Document luceneDocument(ToolDocument tool) {
        Document document = new Document();
        // The name is found by (to replace or delete a tool) and read back for each hit from doc values: reading stored
        // fields decompressed a whole block per hit (about 1 MiB of garbage a search at depth 50).
        document.add(new StringField(ID, tool.name(), Field.Store.NO));
        document.add(new SortedDocValuesField(ID, new BytesRef(tool.name())));
        document.add(new TextField("name", tool.name(), Field.Store.NO));
        document.add(new TextField("title", tool.title(), Field.Store.NO));
        document.add(new TextField("description", tool.description(), Field.Store.NO));
        document.add(new TextField("parameters", tool.parameters(), Field.Store.NO));
        document.add(new TextField("context", tool.context(), Field.Store.NO));
        return document;
    }

    @Override
    public List<String> search(String query, int limit) {
        if (limit < 1) throw new IllegalArgumentException("limit must be at least 1, was " + limit);
        Generation generation = acquire();
        try {
            int depth = Math.max(limit, fusion.depth());
            Request request = read(query);
            QueryGlossary.Translation translation = request.translation();
            List<Fusion.Scored> lexical;
            List<Fusion.Scored> denseRanking = List.of();
            List<Fusion.Weighted> intentRankings = List.of();
            if (dense == null || !dense.ready()) {
                lexical = lexical(generation, request, depth);
            } else {
                // The request's embedding (native code, most of a search) and its lexical ranking run at once.
                var words = CompletableFuture.supplyAsync(() -> lexical(generation, request, depth),
                        task -> Thread.ofVirtual().name("tool-search-lexical").start(task));
                try {
                    float[] vector = dense.embedQuery(denseQuery(query, translation));
                    if (vector != null) {
                        denseRanking = dense.rank(vector, vectors(generation), depth);
                        intentRankings = intentRankings(generation, dense.intents(vector, INTENT_COUNT, INTENT_MINIMUM),
                                depth);
                    }
                } finally {
                    lexical = joined(words);  // before the generation is released, even when the dense ranking failed
                }
            }
            String action = ACTION_WEIGHT > 0 ? actions.ofRequest(request.text().intent(), translation) : null;
            Set<String> named = SOURCE_WEIGHT > 0 ? namedSources(generation, query) : Set.of();
            if (action == null && named.isEmpty() && denseRanking.isEmpty()) return names(lexical, limit);
            Map<String, ToolDocument> documents = generation.documents();
            return fusion.fuse(lexical, denseRanking, intentRankings, limit,
                    action == null && named.isEmpty() ? null : name -> {
                        ToolDocument document = documents.get(name);
                        if (document == null) return 0;
                        return ACTION_WEIGHT * ToolActions.agreement(action, document.action())
                                + (named.contains(document.source()) ? SOURCE_WEIGHT : 0);
                    });
        } finally {
            release(generation);
        }
    }

    /**
     * The rankings of what the intents name: each one's words ranked lexically (once per generation) and its vector
     * ranked by the model, each weighted by how likely the intent is.
     */
    private List<Fusion.Weighted> intentRankings(Generation generation, List<QueryIntents.Intent> intents, int depth) {
        if (intents.isEmpty()) return List.of();
        List<Fusion.Weighted> rankings = new ArrayList<>(2 * intents.size());
        for (QueryIntents.Intent intent : intents) {
            List<Fusion.Scored> words = generation.intentRankings().computeIfAbsent(intent.words(),
                    text -> lexical(generation, read(text), fusion.depth()));
            rankings.add(new Fusion.Weighted(words.size() <= depth ? words : words.subList(0, depth),
                    INTENT_LEXICAL_WEIGHT * intent.probability()));
            rankings.add(new Fusion.Weighted(intentDenseRanking(generation, intent, depth),
                    INTENT_DENSE_WEIGHT * intent.probability()));
        }
        return rankings;
    }

    /**
     * The model's ranking of an intent's words over the generation's tools, to {@code depth}: kept while the model's
     * vectors stay as they were (at 10,000 tools a ranking by the model is most of a search's time).
     */
    private List<Fusion.Scored> intentDenseRanking(Generation generation, QueryIntents.Intent intent, int depth) {
        DenseIndex.Vectors vectors = vectors(generation);
        DenseRanking kept = generation.intentDenseRankings().get(intent.words());
        if (kept == null || kept.version() != vectors.version() || kept.depth() < depth) {
            int made = Math.max(depth, fusion.depth());
            kept = new DenseRanking(vectors.version(), made, dense.rank(intent.vector(), vectors, made));
            generation.intentDenseRankings().put(intent.words(), kept);
        }
        return kept.ranking().size() <= depth ? kept.ranking() : kept.ranking().subList(0, depth);
    }

    /** The model's vectors of the generation's tools, made again once they have changed. */
    private DenseIndex.Vectors vectors(Generation generation) {
        DenseIndex.Vectors kept = generation.vectors().get();
        if (kept == null || kept.version() != dense.version()) {
            kept = dense.vectors(generation.documents().values());
            generation.vectors().set(kept);
        }
        return kept;
    }

    /** What {@code task} gave; waits for it without giving up on interruption (the caller's thread keeps it). */
    private static List<Fusion.Scored> joined(CompletableFuture<List<Fusion.Scored>> task) {
        try {
            return task.join(); // waits on through an interruption, and keeps the thread's interrupt status
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) throw failure;
            if (e.getCause() instanceof Error error) throw error;
            throw e;
        }
    }

    /** The lexical ranking alone (for the benchmark). */
    List<String> searchLexical(String query, int limit) {
        Generation generation = acquire();
        try {
            return names(lexical(generation, read(query), limit), limit);
        } finally {
            release(generation);
        }
    }

    /** The dense ranking alone (for the benchmark); empty until the model is ready. */
    List<String> searchDense(String query, int limit) {
        Generation generation = acquire();
        try {
            return dense == null ? List.of() : names(dense.rank(denseQuery(query, read(query).translation()),
                    generation.documents().values(), limit), limit);
        } finally {
            release(generation);
        }
    }

    /** Both rankings (for the benchmark, which fuses them with candidate parameters). */
    List<List<Fusion.Scored>> rankings(String query, int depth) {
        Generation generation = acquire();
        try {
            Request request = read(query);
            QueryGlossary.Translation translation = request.translation();
            return List.of(lexical(generation, request, depth),
                    dense == null ? List.of() : dense.rank(denseQuery(query, translation),
                            generation.documents().values(), depth));
        } finally {
            release(generation);
        }
    }

    /** The words that name one source of the tools indexed now, with the source (see {@link #sourceNames}). */
    Map<String, String> sourceNames() {
        Generation generation = acquire();
        try {
            return sourceNamesOf(generation);
        } finally {
            release(generation);
        }
    }

    private Map<String, String> sourceNamesOf(Generation generation) {
        Map<String, String> names = generation.sourceNames().get();
        return names == null || names == MAKING ? sourceNames(generation) : names;
    }

    /**
     * The sources {@code query} names by a word of their name (see {@link #sourceNames}); often none. No search waits
     * for a generation's names: until they are made, on a thread of their own, the last ones made serve.
     */
    private Set<String> namedSources(Generation generation, String query) {
        Map<String, String> names = generation.sourceNames().get();
        if (names == null || names == MAKING) {
            if (names == null && generation.sourceNames().compareAndSet(null, MAKING)) {
                Thread.ofVirtual().name("tool-search-source-names").start(() -> {
                    Map<String, String> made = sourceNames(generation);
                    generation.sourceNames().set(made);
                    lastSourceNames = made;
                });
            }
            names = lastSourceNames;
        }
        if (names.isEmpty()) return Set.of();
        Set<String> named = Set.of();
        var words = NAME_WORD.matcher(query.toLowerCase(Locale.ROOT));
        while (words.find()) {
            String source = names.get(words.group());
            if (source == null) continue;
            if (named.isEmpty()) named = new HashSet<>(2);
            named.add(source);
        }
        return named;
    }

    /**
     * The words that name one source of the generation's tools, with the source: a word of the source's name (before
     * any parenthesis; three letters or more, not a word like "server") that no other source's name has and no other
     * source's tool uses in its name, title or description. "Notion" names the Notion server's tools; "Search" in
     * "Brave Search" names nothing, as other tools search too. Made once a generation, after its first search, in one
     * pass over the tools' words.
     */
    private Map<String, String> sourceNames(Generation generation) {
        Map<String, Set<String>> sourcesOf = new HashMap<>();
        Set<String> seen = new HashSet<>();
        for (ToolDocument document : generation.documents().values()) {
            String source = document.source();
            if (source.isEmpty()) continue;
            if (!seen.add(source)) continue;
            int open = source.indexOf('(');
            String name = open < 0 ? source : source.substring(0, open);
            var words = NAME_WORD.matcher(name.toLowerCase(Locale.ROOT));
            while (words.find()) {
                String word = words.group();
                if (word.length() >= 3 && !GENERIC_SOURCE_WORDS.contains(word)) {
                    sourcesOf.computeIfAbsent(word, w -> new HashSet<>()).add(source);
                }
            }
        }
        if (sourcesOf.isEmpty()) return Map.of();
        // Every word of every tool's name, title and description, once: a candidate another source's tool uses is out.
        Set<String> out = new HashSet<>();
        for (ToolDocument document : generation.documents().values()) {
            usedElsewhere(document.name(), document.source(), sourcesOf, out);
            usedElsewhere(document.title(), document.source(), sourcesOf, out);
            usedElsewhere(document.description(), document.source(), sourcesOf, out);
        }
        Map<String, String> names = new HashMap<>();
        for (Map.Entry<String, Set<String>> entry : sourcesOf.entrySet()) {
            if (entry.getValue().size() == 1 && !out.contains(entry.getKey())) {
                names.put(entry.getKey(), entry.getValue().iterator().next());
            }
        }
        return Map.copyOf(names);
    }

    /** Adds to {@code out} each candidate word of {@code text} that names a source other than {@code source}. */
    private static void usedElsewhere(String text, String source, Map<String, Set<String>> sourcesOf, Set<String> out) {
        var words = NAME_WORD.matcher(text);
        while (words.find()) {
            if (words.end() - words.start() < 3) continue;
            String word = words.group().toLowerCase(Locale.ROOT);
            Set<String> named = sourcesOf.get(word);
            if (named != null && !named.contains(source)) out.add(word);
        }
    }

    /** A request's intent and quotes, and the English words the glossary gives for its intent (quotes left out). */
    private Request read(String query) {
        RequestText text = RequestText.of(query);
        return new Request(text, glossary.translate(text.intent()));
    }

    /** A request read once per search: what it asks for and quotes, and the translation of what it asks for. */
    private record Request(RequestText text, QueryGlossary.Translation translation) {
    }

    private static List<String> names(List<Fusion.Scored> ranking, int limit) {
        List<String> names = new ArrayList<>(Math.min(limit, ranking.size()));
        for (int i = 0; i < ranking.size() && i < limit; i++) names.add(ranking.get(i).name());
        return names;
    }

    /**
     * What the embedding model reads of {@code query}, with the shipped glossary: the intents' exemplars are embedded
     * through this too, so that a request and the exemplars the classifier learnt from are read alike.
     */
    static String denseQuery(String query) {
        return denseQuery(query, QueryGlossary.shipped().translate(RequestText.of(query).intent()));
    }

    /**
     * What the embedding model reads of a request: the request itself, or for a request not in English, the English
     * words the glossary gives followed by the request (whose product names, paths and numbers still count).
     */
    static String denseQuery(String query, QueryGlossary.Translation translation) {
        return switch (DENSE_QUERY) {
            case "original" -> query;
            case "gloss" -> translation.foreign() && !translation.english().isEmpty()
                    ? translation.english() + ". " + query : query;
            default -> throw new IllegalStateException(DENSE_QUERY);
        };
    }

    private List<Fusion.Scored> lexical(Generation generation, Request request, int depth) {
        RequestText text = request.text();
        QueryGlossary.Translation translation = request.translation();
        Set<String> terms = analyzer.terms(text.intent(), MAX_QUERY_TERMS);
        Set<String> quoted = new java.util.LinkedHashSet<>();
        if (QUOTE_WEIGHT > 0) {
            quoted.addAll(analyzer.terms(text.quoted(), MAX_QUERY_TERMS));
            quoted.removeAll(terms);
        }
        Set<String> glossed = new java.util.LinkedHashSet<>();
        if (GLOSSARY_WEIGHT > 0) {
            glossed.addAll(analyzer.terms(translation.english(), MAX_QUERY_TERMS));
            glossed.removeAll(terms);
            quoted.removeAll(glossed);
        }
        if ((terms.isEmpty() && glossed.isEmpty() && quoted.isEmpty()) || generation.documents().isEmpty()) {
            return List.of();
        }
        try {
            IndexSearcher searcher = new IndexSearcher(generation.reader());
            searcher.setSimilarity(new BM25Similarity(BM25_K1, BM25_B));
            BooleanQuery.Builder builder = new BooleanQuery.Builder();
            Set<String> known = new HashSet<>();
            for (Map.Entry<String, Float> field : FIELD_WEIGHTS.entrySet()) {
                known.addAll(addTerms(builder, searcher, field.getKey(), terms, field.getValue()));
                addTerms(builder, searcher, field.getKey(), glossed, field.getValue() * GLOSSARY_WEIGHT);
                addTerms(builder, searcher, field.getKey(), quoted, field.getValue() * QUOTE_WEIGHT);
            }
            if (FUZZY_WEIGHT > 0) {
                Set<String> unknown = new java.util.LinkedHashSet<>(terms);
                unknown.removeAll(known);
                Typos.addNeighbours(builder, generation.reader(), unknown, TYPO_FIELDS, FUZZY_WEIGHT);
            }
            return ranking(generation.reader(), searcher.search(builder.build(), depth).scoreDocs);
        } catch (IOException e) {
            throw new UncheckedIOException("searching an in-memory index failed", e);
        }
    }

    /**
     * A clause per word the field holds, each looked up once: most of a request's words are in few of the fields, and a
     * clause of a word the field lacks still cost a query its weight and scorer set-up. Returns the words it holds.
     */
    private static List<String> addTerms(BooleanQuery.Builder builder, IndexSearcher searcher, String field,
                                         Set<String> words, float weight) throws IOException {
        List<String> held = new ArrayList<>();
        for (String word : words) {
            Term term = new Term(field, word);
            TermStates states = TermStates.build(searcher, term, true);
            if (states.docFreq() == 0) continue;
            held.add(word);
            builder.add(new BoostQuery(new TermQuery(term, states), weight), BooleanClause.Occur.SHOULD);
        }
        return held;
    }

    /** The hits by name, best first. */
    private static List<Fusion.Scored> ranking(DirectoryReader reader, ScoreDoc[] hits) throws IOException {
        // Doc values are read forward only: the hits are visited in index order and put back in rank order.
        Integer[] byDoc = new Integer[hits.length];
        for (int i = 0; i < hits.length; i++) byDoc[i] = i;
        java.util.Arrays.sort(byDoc, (a, b) -> Integer.compare(hits[a].doc, hits[b].doc));
        Fusion.Scored[] ranked = new Fusion.Scored[hits.length];
        List<LeafReaderContext> leaves = reader.leaves();
        int leaf = -1;
        SortedDocValues names = null;
        for (int i : byDoc) {
            ScoreDoc hit = hits[i];
            int at = ReaderUtil.subIndex(hit.doc, leaves);
            if (at != leaf) {
                leaf = at;
                names = DocValues.getSorted(leaves.get(at).reader(), ID);
            }
            if (!names.advanceExact(hit.doc - leaves.get(at).docBase)) {
                throw new IllegalStateException("a tool in the index has no name: document " + hit.doc);
            }
            ranked[i] = new Fusion.Scored(names.lookupOrd(names.ordValue()).utf8ToString(), hit.score);
        }
        return List.of(ranked);
    }

    /**
     * The fields a mistyped word is looked for in (see {@link Typos}): where a word names the tool, not its parameters
     * or its source, whose many words make near misses common and cost more.
     */
    private static final Map<String, Float> TYPO_FIELDS = typoFields("name", "title", "description");

    private static Map<String, Float> typoFields(String... names) {
        Map<String, Float> fields = new LinkedHashMap<>();
        for (String name : names) fields.put(name, FIELD_WEIGHTS.get(name));
        return fields;
    }

    private static Map<String, Float> fieldWeights(String spec) {
        Map<String, Float> weights = new LinkedHashMap<>();
        for (String part : spec.split(",")) {
            String[] pair = part.split(":");
            weights.put(pair[0].strip(), Float.parseFloat(pair[1].strip()));
        }
        return Map.copyOf(weights);
    }

    private Generation acquire() {
        while (true) {
            Generation generation = current;
            if (generation.reader().tryIncRef()) return generation;
            if (closed) throw new IllegalStateException("the tool index is closed");
        }
    }

    private static void release(Generation generation) {
        try {
            generation.reader().decRef();
        } catch (IOException e) {
            LOG.debug("Tool search: closing a replaced reader failed", e);
        }
    }

    /** The tools the index holds now (for tests and the benchmark). */
    int size() {
        return current.documents().size();
    }

    DenseIndex dense() {
        return dense;
    }

    @Override
    public String describe() {
        return dense == null ? "bm25" : "bm25+" + dense.describe();
    }

    @Override
    public void close() {
        synchronized (updates) {
            if (closed) return;
            closed = true;
            if (dense != null) dense.close();
            try {
                current.reader().decRef();
                writer.close();
                directory.close();
            } catch (IOException e) {
                LOG.debug("Tool search: closing the in-memory index failed", e);
            }
        }
    }

    /** The content hash of every tool the index holds, by name (for tests of incremental updates). */
    Map<String, String> hashes() {
        Map<String, String> hashes = new HashMap<>();
        current.documents().forEach((name, document) -> hashes.put(name, document.hash()));
        return hashes;
    }
}
