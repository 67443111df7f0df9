package dev.jmcp.toolsearch;

import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One document per source of a generation's tools, ranked by BM25: the source's name and description with its tools'
 * names and titles, and its tools' descriptions. Ranks which server a request is about as a whole, where a tool's own
 * text may share no word with the request. Immutable once made; thread-safe.
 */
final class SourceIndex {

    static final float NAME_WEIGHT = 2f;

    private final DirectoryReader reader;
    private final List<String> sources;
    private final Map<String, List<String>> tools;

    private SourceIndex(DirectoryReader reader, List<String> sources, Map<String, List<String>> tools) {
        this.reader = reader;
        this.sources = sources;
        this.tools = tools;
    }

    static SourceIndex of(Collection<ToolDocument> documents, ToolTextAnalyzer analyzer) {
        Map<String, StringBuilder> names = new LinkedHashMap<>();
        Map<String, StringBuilder> texts = new HashMap<>();
        Map<String, List<String>> tools = new HashMap<>();
        for (ToolDocument document : documents) {
            String source = document.source();
            if (source.isEmpty()) continue;
            StringBuilder name = names.computeIfAbsent(source,
                    s -> new StringBuilder(s).append(". ").append(document.sourceDescription()));
            name.append(". ").append(document.name()).append(". ").append(document.title());
            texts.computeIfAbsent(source, s -> new StringBuilder()).append(document.description()).append(". ");
            tools.computeIfAbsent(source, s -> new ArrayList<>()).add(document.name());
        }
        ByteBuffersDirectory directory = new ByteBuffersDirectory();
        try (IndexWriter writer = new IndexWriter(directory,
                new IndexWriterConfig(analyzer).setSimilarity(new BM25Similarity()))) {
            for (Map.Entry<String, StringBuilder> entry : names.entrySet()) {
                Document document = new Document();
                document.add(new StoredField("source", entry.getKey()));
                document.add(new TextField("name", entry.getValue().toString(), Field.Store.NO));
                document.add(new TextField("text", texts.get(entry.getKey()).toString(), Field.Store.NO));
                writer.addDocument(document);
            }
            writer.commit();
            return new SourceIndex(DirectoryReader.open(directory), List.copyOf(names.keySet()), Map.copyOf(tools));
        } catch (IOException e) {
            throw new UncheckedIOException("indexing sources in memory failed", e);
        }
    }

    int size() {
        return sources.size();
    }

    List<String> tools(String source) {
        return tools.getOrDefault(source, List.of());
    }

    /** The sources whose documents hold {@code terms} (and at {@code glossaryWeight}, {@code glossed}), best first. */
    List<Fusion.Scored> rank(Set<String> terms, Set<String> glossed, float glossaryWeight, int depth) {
        BooleanQuery.Builder query = new BooleanQuery.Builder();
        for (String term : terms) add(query, term, 1f);
        for (String term : glossed) add(query, term, glossaryWeight);
        try {
            IndexSearcher searcher = new IndexSearcher(reader);
            searcher.setSimilarity(new BM25Similarity());
            ScoreDoc[] hits = searcher.search(query.build(), depth).scoreDocs;
            List<Fusion.Scored> ranked = new ArrayList<>(hits.length);
            var stored = searcher.storedFields();
            for (ScoreDoc hit : hits) ranked.add(new Fusion.Scored(stored.document(hit.doc).get("source"), hit.score));
            return ranked;
        } catch (IOException e) {
            throw new UncheckedIOException("searching sources in memory failed", e);
        }
    }

    private static void add(BooleanQuery.Builder query, String term, float weight) {
        query.add(new BoostQuery(new TermQuery(new Term("name", term)), NAME_WEIGHT * weight),
                BooleanClause.Occur.SHOULD);
        query.add(new BoostQuery(new TermQuery(new Term("text", term)), weight), BooleanClause.Occur.SHOULD);
    }
}
