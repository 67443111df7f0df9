package dev.jmcp.client.search;

import dev.jmcp.protocol.Tool;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The client's own small ranking, used when no {@link ToolRanking} is installed: BM25 over the words of each tool's
 * name (split at camelCase, snake_case, kebab-case and dots, counted twice), title, description and parameter names.
 * No stemming, no synonyms, no other language than the words themselves: the tool-search module ranks better.
 * Stateless and thread-safe.
 */
public final class WordRanking implements ToolRanking {
    private static final Pattern CAMEL = Pattern.compile("(?<=[a-z0-9])(?=[A-Z])");
    private static final Pattern NOT_WORD = Pattern.compile("[^\\p{L}\\p{N}]+");
    private static final double K1 = 1.2;
    private static final double B = 0.75;

    @Override
    public List<Tool> rank(String query, List<Tool> tools, int limit) {
        List<List<String>> documents = tools.stream().map(WordRanking::document).toList();
        var frequency = new HashMap<String, Integer>();
        for (List<String> words : documents) {
            for (String word : new LinkedHashSet<>(words)) frequency.merge(word, 1, Integer::sum);
        }
        double average = documents.stream().mapToInt(List::size).average().orElse(1);
        var terms = new LinkedHashSet<>(words(query));
        var scored = new ArrayList<Map.Entry<Tool, Double>>();
        for (int i = 0; i < tools.size(); i++) {
            List<String> words = documents.get(i);
            double score = 0;
            for (String term : terms) {
                long count = words.stream().filter(term::equals).count();
                if (count == 0) continue;
                int having = frequency.get(term);
                double idf = Math.log(1 + (tools.size() - having + 0.5) / (having + 0.5));
                score += idf * count * (K1 + 1) / (count + K1 * (1 - B + B * words.size() / average));
            }
            if (score > 0) scored.add(Map.entry(tools.get(i), score));
        }
        return scored.stream().sorted(Map.Entry.<Tool, Double>comparingByValue(Comparator.reverseOrder()))
                .limit(limit).map(Map.Entry::getKey).toList();
    }

    @Override
    public String describe() {
        return "words";
    }

    private static List<String> document(Tool tool) {
        var words = new ArrayList<String>();
        List<String> name = words(tool.name());
        words.addAll(name);
        words.addAll(name);
        if (tool.title() != null) words.addAll(words(tool.title()));
        if (tool.description() != null) words.addAll(words(tool.description()));
        if (tool.inputSchema() != null && tool.inputSchema().get("properties") instanceof Map<?, ?> properties) {
            for (Object parameter : properties.keySet()) words.addAll(words(String.valueOf(parameter)));
        }
        return words;
    }

    private static List<String> words(String text) {
        var words = new ArrayList<String>();
        for (String word : NOT_WORD.split(CAMEL.matcher(text).replaceAll(" "))) {
            if (!word.isEmpty()) words.add(word.toLowerCase(Locale.ROOT));
        }
        return words;
    }
}
