package dev.jmcp.toolsearch;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.cjk.CJKBigramFilter;
import org.apache.lucene.analysis.cjk.CJKWidthFilter;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.miscellaneous.WordDelimiterGraphFilter;
import org.apache.lucene.analysis.miscellaneous.WordDelimiterIterator;
import org.apache.lucene.analysis.pattern.PatternReplaceCharFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The analysis of tool text and of requests alike: Unicode word segmentation; CJK text as overlapping bigrams (the
 * way Lucene's CJK analyzer indexes it, as there is no dictionary here); identifiers split into their words
 * ({@code getWeather}, {@code get_weather}, {@code get-weather}, {@code weather.get}, {@code v2api}); lower case;
 * English possessives and stop words dropped; Porter stemming, so {@code searching} finds {@code search}.
 * Thread-safe (Lucene reuses components per thread).
 */
final class ToolTextAnalyzer extends Analyzer {

    private static final int WORD_DELIMITER_FLAGS = WordDelimiterGraphFilter.GENERATE_WORD_PARTS
            | WordDelimiterGraphFilter.GENERATE_NUMBER_PARTS
            | WordDelimiterGraphFilter.SPLIT_ON_CASE_CHANGE
            | WordDelimiterGraphFilter.SPLIT_ON_NUMERICS
            | WordDelimiterGraphFilter.STEM_ENGLISH_POSSESSIVE;

    /** An acronym before a capitalized word ({@code HTTPServer}), which the word delimiter keeps whole: split it. */
    private static final Pattern ACRONYM_END = Pattern.compile("(?<=\\p{Lu})(?=\\p{Lu}\\p{Ll})");

    @Override
    protected Reader initReader(String fieldName, Reader reader) {
        return new PatternReplaceCharFilter(ACRONYM_END, " ", reader);
    }

    @Override
    protected TokenStreamComponents createComponents(String fieldName) {
        StandardTokenizer source = new StandardTokenizer();
        TokenStream stream = new CJKWidthFilter(source);
        stream = new CJKBigramFilter(stream);
        stream = new WordDelimiterGraphFilter(stream, false, WordDelimiterIterator.DEFAULT_WORD_DELIM_TABLE,
                WORD_DELIMITER_FLAGS, null);
        stream = new LowerCaseFilter(stream);
        stream = new StopFilter(stream, EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
        stream = new PorterStemFilter(stream);
        return new TokenStreamComponents(source, stream);
    }

    /** The distinct terms of {@code text}, in order of first appearance, at most {@code max}. */
    Set<String> terms(String text, int max) {
        Set<String> terms = new LinkedHashSet<>();
        try (TokenStream stream = tokenStream("", text)) {
            CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
            stream.reset();
            while (stream.incrementToken() && terms.size() < max) terms.add(term.toString());
            stream.end();
        } catch (IOException e) {
            throw new UncheckedIOException("analysing text in memory cannot fail", e);
        }
        return terms;
    }
}
