package dev.jmcp.toolsearch;

import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.BlendedTermQuery;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.FuzzyQuery;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.automaton.CompiledAutomaton;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Mistyped words: a request's word no tool has at all ({@code scrennshot}) also matches the words one or two edits away
 * ({@code screenshot}, a swap of two letters counting as one edit), at a lower weight and the nearer the better.
 *
 * <p>What Lucene's {@link FuzzyQuery} does per field, done once per word: it builds a Levenshtein automaton for every
 * distance up to the largest and for every field it is asked in (nine for a long word in three fields, the largest
 * Java-side cost of a search and most of its garbage). Here one automaton of the largest distance finds a word's
 * neighbours in each field's terms, and the distance of each of the few it finds is counted directly. The neighbours of
 * one field are blended as a fuzzy query blends them (each scores with the same term statistics, so a rare misspelling
 * of the index does not outweigh the common word).
 */
final class Typos {

    /** Shorter words are too close to too many others. */
    static final int MIN_LENGTH = 5;
    /** At most this many of a request's unknown words are looked for, so a pasted text costs no more than a request. */
    static final int MAX_WORDS = 4;
    /** At most this many neighbours of a word per field, the nearest first. */
    private static final int MAX_NEIGHBOURS = 16;
    /** The words' first letter is taken as typed: a mistake there is rare, and it prunes most of the terms. */
    private static final int PREFIX = 1;

    private Typos() {
    }

    /**
     * Adds to {@code query} the near neighbours, in each of {@code fields} (with its weight, times {@code weight}), of
     * each of {@code unknown}: a request's words that no field of the index holds (the caller looked each up already).
     */
    static void addNeighbours(BooleanQuery.Builder query, IndexReader reader, Set<String> unknown,
                              Map<String, Float> fields, float weight) throws IOException {
        int looked = 0;
        for (String word : unknown) {
            if (looked >= MAX_WORDS) return;
            if (!typable(word)) continue;
            looked++;
            int edits = word.length() >= 7 ? 2 : 1;
            CompiledAutomaton near = FuzzyQuery.getFuzzyAutomaton(word, edits, PREFIX, true);
            for (Map.Entry<String, Float> field : fields.entrySet()) {
                Terms terms = MultiTerms.getTerms(reader, field.getKey());
                if (terms == null) continue;
                List<Neighbour> found = neighbours(word, near.getTermsEnum(terms));
                if (found.isEmpty()) continue;
                BlendedTermQuery.Builder blended = new BlendedTermQuery.Builder()
                        .setRewriteMethod(BlendedTermQuery.BOOLEAN_REWRITE);
                for (Neighbour neighbour : found) {
                    blended.add(new Term(field.getKey(), neighbour.word()), neighbour.similarity());
                }
                query.add(new BoostQuery(blended.build(), field.getValue() * weight), BooleanClause.Occur.SHOULD);
            }
        }
    }

    /** Only words of Latin letters, long enough: other scripts and identifiers with digits are not "typed wrong". */
    private static boolean typable(String word) {
        if (word.length() < MIN_LENGTH) return false;
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (c < 'a' || c > 'z') return false;
        }
        return true;
    }

    private static List<Neighbour> neighbours(String word, TermsEnum matches) throws IOException {
        List<Neighbour> found = new ArrayList<>();
        for (BytesRef term = matches.next(); term != null; term = matches.next()) {
            String neighbour = term.utf8ToString();
            int distance = distance(word, neighbour);
            found.add(new Neighbour(neighbour, 1f - (float) distance / Math.min(word.length(), neighbour.length())));
        }
        if (found.size() > MAX_NEIGHBOURS) {
            found.sort(Comparator.comparing(Neighbour::similarity).reversed().thenComparing(Neighbour::word));
            return found.subList(0, MAX_NEIGHBOURS);
        }
        return found;
    }

    /**
     * The edit distance of two short words, a swap of two adjacent letters counting as one edit (what the automaton
     * matched by, so the two agree).
     */
    static int distance(String a, String b) {
        int[] before = new int[b.length() + 1];
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) previous[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int best = Math.min(Math.min(previous[j] + 1, current[j - 1] + 1), previous[j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    best = Math.min(best, before[j - 2] + 1);
                }
                current[j] = best;
            }
            int[] spare = before;
            before = previous;
            previous = current;
            current = spare;
        }
        return previous[b.length()];
    }

    private record Neighbour(String word, float similarity) {
    }
}
