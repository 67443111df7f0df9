package dev.jmcp.toolsearch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kind of action (read, create, update, delete) a request asks for and a tool performs, from the words of
 * {@code actions.tsv}: a request's kind is named by its first word after the polite lead-in ("please could you show
 * ..."), or for a request not in English by the first such word of its glossary translation; a tool's by the first such
 * word of its name. Sibling tools of one server share their nouns and differ in that verb ({@code get_issue},
 * {@code update_issue}), which neither BM25 nor a small embedding model weighs enough. Immutable, thread-safe.
 */
final class ToolActions {

    /** +1 when a tool's kind is the request's, -1 when it is another, 0 when either has none. */
    static int agreement(String request, String tool) {
        if (request == null || tool == null) return 0;
        return request.equals(tool) ? 1 : -1;
    }

    private static final Pattern WORD = Pattern.compile("[\\p{L}']+");

    private final Map<String, String> kinds;
    private final Set<String> lead;
    /** Words that name a kind only before an article ({@code open a ticket}), and the articles. */
    private final Map<String, String> beforeArticle;
    private final Set<String> articles;

    private ToolActions(Map<String, String> kinds, Set<String> lead, Map<String, String> beforeArticle,
                        Set<String> articles) {
        this.kinds = Map.copyOf(kinds);
        this.lead = Set.copyOf(lead);
        this.beforeArticle = Map.copyOf(beforeArticle);
        this.articles = Set.copyOf(articles);
    }

    private static final ToolActions SHIPPED = load();

    static ToolActions shipped() {
        return SHIPPED;
    }

    /** The kind of action a tool's name names first, or null. */
    String ofTool(String name) {
        for (String word : IdentifierWords.split(name).split(" ")) {
            String kind = kinds.get(word);
            if (kind != null) return kind;
        }
        return null;
    }

    /**
     * The kind of action a request asks for, or null: an English request's first word after its lead-in, a request in
     * another language's first word of the translation that names one.
     */
    String ofRequest(String request, QueryGlossary.Translation translation) {
        if (translation.foreign()) {
            Matcher words = WORD.matcher(translation.english().toLowerCase(Locale.ROOT));
            while (words.find()) {
                String kind = kinds.get(words.group());
                if (kind != null) return kind;
            }
            return null;
        }
        Matcher words = WORD.matcher(request.toLowerCase(Locale.ROOT));
        while (words.find()) {
            String word = words.group();
            if (lead.contains(word)) continue;
            String kind = beforeArticle.get(word);
            if (kind != null) return words.find() && articles.contains(words.group()) ? kind : null;
            return kinds.get(word);
        }
        return null;
    }

    private static ToolActions load() {
        Map<String, String> kinds = new HashMap<>();
        Set<String> lead = new HashSet<>();
        Map<String, String> beforeArticle = new HashMap<>();
        Set<String> articles = new HashSet<>();
        try (InputStream in = ToolActions.class.getResourceAsStream("actions.tsv")) {
            if (in == null) throw new IllegalStateException("actions.tsv is missing from the tool-search module");
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.isBlank() || line.startsWith("#")) continue;
                int tab = line.indexOf('\t');
                if (tab < 0) throw new IllegalStateException("actions.tsv: no tab in \"" + line + "\"");
                String kind = line.substring(0, tab).strip();
                for (String word : line.substring(tab + 1).strip().split("\\s+")) {
                    if (kind.equals("lead")) lead.add(word);
                    else if (kind.equals("article")) articles.add(word);
                    else if (kind.endsWith("+a")) beforeArticle.putIfAbsent(word, kind.substring(0, kind.length() - 2));
                    else kinds.putIfAbsent(word, kind);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading actions.tsv from the class path failed", e);
        }
        return new ToolActions(kinds, lead, beforeArticle, articles);
    }
}
