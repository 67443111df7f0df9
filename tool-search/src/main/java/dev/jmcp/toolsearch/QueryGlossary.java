package dev.jmcp.toolsearch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Dictionary-based query translation, the classic way of cross-language retrieval without a translation model: the
 * words of a request found in a bilingual glossary give the English words tool descriptions use ({@code 删除} and
 * {@code löschen} give {@code delete remove}), and everyday English request words give the words tools are described
 * with ({@code forget} gives {@code delete}). The glossaries are data files of the module
 * ({@code glossary/<language>.tsv}: {@code WORD<TAB>english words}), written from the vocabulary of tool catalogs.
 *
 * <p>Text in Chinese, Japanese or Korean script is matched by forward maximum matching (the longest glossary entry
 * starting at each position, since Chinese and Japanese do not put spaces between words; for Korean, which does, this
 * finds a stem inside an inflected word, and an entry may span the space between two words). Other text is matched
 * word by word, lower case and without accents, longest phrase (up to {@value #MAX_PHRASE_WORDS} words) first.
 * Words spelt alike in two of those languages mean different things ({@code termine} is "appointments" in German and
 * "finish" in French and Portuguese), so a request in Latin script is first given the language most of its telling
 * words belong to (function words and words of one glossary only), and a word that language's glossary has is read in
 * that language alone; one of that language's function words is read only as its glossary reads it ("todo" in Spanish
 * is "all", not the English glossary's "task"). Immutable and thread-safe.
 */
final class QueryGlossary {

    /** The glossary files shipped in the module, by language. */
    static final List<String> LANGUAGES = List.of("en", "zh", "ja", "ko", "es", "fr", "de", "pt");
    /** The word list telling a Latin-script language from English. */
    static final String FUNCTION_WORDS = "glossary/function-words.tsv";

    /** The module's resource (relative to this class) holding the glossary of {@code language}. */
    static String resource(String language) {
        return "glossary/" + language + ".tsv";
    }

    /** Every resource the shipped glossary is read from. */
    static List<String> resources() {
        List<String> all = new ArrayList<>();
        for (String language : LANGUAGES) all.add(resource(language));
        all.add(FUNCTION_WORDS);
        return all;
    }
    private static final int MAX_PHRASE_WORDS = 4;
    /** The most English words one request's translation gives, so a pasted document stays cheap to rank. */
    private static final int MAX_WORDS = 64;
    private static final Pattern MARKS = Pattern.compile("\\p{M}+");
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+(?:['’][\\p{L}]+)?");

    private static final QueryGlossary SHIPPED = load();

    /** What one glossary word gives: English words, in all the glossaries that have it and in each one's language. */
    record Entry(String english, Map<String, String> byLanguage) {
        Entry(String english, String language) {
            this(english, Map.of(language, english));
        }

        Entry merge(Entry other) {
            Map<String, String> languages = new HashMap<>(byLanguage);
            other.byLanguage.forEach((language, words) -> languages.merge(language, words, (a, b) -> a + " " + b));
            return new Entry(english + " " + other.english, Map.copyOf(languages));
        }

        boolean inEnglish() {
            return byLanguage.containsKey("en");
        }

        boolean inOther() {
            return byLanguage.size() > (inEnglish() ? 1 : 0);
        }

        /** The one language whose glossary has this word, or null when several have it. */
        String language() {
            return byLanguage.size() == 1 ? byLanguage.keySet().iterator().next() : null;
        }

        /** The English words this entry gives in {@code language} when that glossary has it, else in all. */
        String english(String language) {
            if (language == null) return english;
            String words = byLanguage.get(language);
            return words == null ? english : words;
        }
    }

    /**
     * A request's translation: the English words the glossary gives, and whether the request reads as not English
     * (written in Chinese, Japanese or Korean script, or with more of its words found only in the other languages'
     * glossaries than only in the English one).
     */
    record Translation(String english, boolean foreign) {
    }

    /** Function words, with the languages they are function words of. */
    private final Map<String, Set<String>> functionWordLanguages;
    /** The same words: true for English only, false for other languages only (words of both are left out). */
    private final Map<String, Boolean> functionWords;
    private final Map<String, Entry> scriptEntries;
    private final int longestScriptEntry;
    private final Map<String, Entry> wordEntries;

    QueryGlossary(Map<String, Entry> entries, Map<String, Set<String>> functionWordLanguages) {
        Map<String, Set<String>> languages = new HashMap<>();
        Map<String, Boolean> english = new HashMap<>();
        functionWordLanguages.forEach((word, of) -> {
            languages.put(word, Set.copyOf(of));
            if (!of.contains("en")) english.put(word, false);
            else if (of.size() == 1) english.put(word, true);
        });
        this.functionWordLanguages = Map.copyOf(languages);
        this.functionWords = Map.copyOf(english);
        Map<String, Entry> script = new HashMap<>();
        Map<String, Entry> words = new HashMap<>();
        int longest = 0;
        for (Map.Entry<String, Entry> entry : entries.entrySet()) {
            String key = entry.getKey();
            if (cjk(key)) {
                script.merge(key, entry.getValue(), Entry::merge);
                longest = Math.max(longest, key.length());
            } else {
                words.merge(fold(key), entry.getValue(), Entry::merge);
            }
        }
        this.scriptEntries = Map.copyOf(script);
        this.longestScriptEntry = longest;
        this.wordEntries = Map.copyOf(words);
    }

    /** The glossaries shipped in the module. */
    static QueryGlossary shipped() {
        return SHIPPED;
    }

    /**
     * The English words the glossary gives for {@code query}, in order of appearance, each once; empty when it knows
     * none of the request's words.
     */
    String english(String query) {
        return translate(query).english();
    }

    /** The request's translation (see {@link Translation}). */
    Translation translate(String request) {
        // Compatibility forms read as their usual ones: half-width katakana (ｴﾗｰ), full-width Latin letters (ＰＲ).
        String query = Normalizer.isNormalized(request, Normalizer.Form.NFKC) ? request
                : Normalizer.normalize(request, Normalizer.Form.NFKC);
        Set<String> out = new LinkedHashSet<>();
        int[] matches = new int[2];
        boolean script = false;
        StringBuilder latin = new StringBuilder();
        int i = 0;
        while (i < query.length() && out.size() < MAX_WORDS) {
            int c = query.codePointAt(i);
            if (cjk(c)) {
                script = true;
                flushWords(latin, out, matches);
                i = matchScript(query, i, out);
            } else {
                latin.appendCodePoint(c);
                i += Character.charCount(c);
            }
        }
        flushWords(latin, out, matches);
        return new Translation(String.join(" ", out), script || matches[1] > matches[0]);
    }

    /**
     * Forward maximum matching from {@code start}; returns where the next match starts. A match may span single spaces
     * between letters of the script, as Korean entries do ({@code 가는 길}, {@code 몇 시}: Korean puts spaces between
     * words), and it ends after a letter.
     */
    private int matchScript(String text, int start, Set<String> out) {
        int end = start;
        while (end < text.length() && end - start < longestScriptEntry) {
            int c = text.codePointAt(end);
            if (cjk(c)) {
                end += Character.charCount(c);
            } else if (c == ' ' && end + 1 < text.length() && cjk(text.codePointAt(end + 1))) {
                end++;
            } else {
                break;
            }
        }
        for (int to = end; to > start; to--) {
            if (!cjk(text.codePointBefore(to))) continue;
            Entry entry = scriptEntries.get(text.substring(start, to));
            if (entry != null) {
                addWords(entry.english(), out);
                return to;
            }
        }
        return start + Character.charCount(text.codePointAt(start));
    }

    /**
     * Matches the words collected in {@code latin}; counts the words found only in the English glossary ([0]) and
     * only in the others ([1]).
     */
    private void flushWords(StringBuilder latin, Set<String> out, int[] matches) {
        if (latin.isEmpty()) return;
        List<String> words = new ArrayList<>();
        var matcher = WORD.matcher(fold(latin.toString()));
        while (matcher.find()) words.add(matcher.group());
        latin.setLength(0);
        for (String word : words) {
            Boolean english = functionWords.get(word);
            if (english != null) matches[english ? 0 : 1]++;
        }
        String language = language(words);
        int i = 0;
        while (i < words.size()) {
            int matched = 0;
            for (int n = Math.min(MAX_PHRASE_WORDS, words.size() - i); n >= 1 && matched == 0; n--) {
                Entry entry = wordEntries.get(String.join(" ", words.subList(i, i + n)));
                // A function word of the request's language means what that language's glossary says, or nothing:
                // "todo" in Spanish is "all", not the English glossary's "task".
                if (n == 1 && entry != null && language != null && isFunctionWord(words.get(i), language)
                        && !entry.byLanguage().containsKey(language)) {
                    break;
                }
                if (entry != null) {
                    addWords(entry.english(language), out);
                    if (entry.inEnglish() != entry.inOther()) matches[entry.inEnglish() ? 0 : 1]++;
                    matched = n;
                }
            }
            i += Math.max(matched, 1);
        }
    }

    /**
     * The language most of {@code words} tell (a function word of one language, a word in one language's glossary
     * only), or null when none does or two tell as many.
     */
    private String language(List<String> words) {
        Map<String, Integer> votes = new HashMap<>(4);
        for (String word : words) {
            Set<String> languages = functionWordLanguages.get(word);
            String language = languages != null && languages.size() == 1 ? languages.iterator().next() : null;
            if (languages == null) {
                Entry entry = wordEntries.get(word);
                language = entry == null ? null : entry.language();
            }
            if (language != null) votes.merge(language, 1, Integer::sum);
        }
        String best = null;
        int most = 0;
        boolean tie = false;
        for (Map.Entry<String, Integer> vote : votes.entrySet()) {
            if (vote.getValue() > most) {
                best = vote.getKey();
                most = vote.getValue();
                tie = false;
            } else if (vote.getValue() == most) {
                tie = true;
            }
        }
        return tie ? null : best;
    }

    private boolean isFunctionWord(String word, String language) {
        Set<String> languages = functionWordLanguages.get(word);
        return languages != null && languages.contains(language);
    }

    private static void addWords(String english, Set<String> out) {
        for (String word : english.split(" +")) {
            if (!word.isEmpty() && out.size() < MAX_WORDS) out.add(word);
        }
    }

    /** Lower case without accents ({@code Löschen} → {@code loschen}), as both sides are matched. */
    static String fold(String text) {
        String lower = text.toLowerCase(Locale.ROOT).replace('’', '\'');
        return MARKS.matcher(Normalizer.normalize(lower, Normalizer.Form.NFD)).replaceAll("");
    }

    static boolean cjk(String text) {
        return text.codePoints().anyMatch(QueryGlossary::cjk);
    }

    /**
     * Whether {@code c} belongs to text matched by script: Chinese, Japanese or Korean letters, and the marks Japanese
     * words are written with that Unicode counts as common to all scripts (the long-vowel mark of {@code エラー} or
     * {@code サーバー}, and the middle dot of {@code データ・ベース}; half-width forms are made full-width first); without them most
     * Japanese loanwords would never match.
     */
    static boolean cjk(int c) {
        if (c == 'ー' || c == '・') return true;
        Character.UnicodeScript script = Character.UnicodeScript.of(c);
        return script == Character.UnicodeScript.HAN || script == Character.UnicodeScript.HIRAGANA
                || script == Character.UnicodeScript.KATAKANA || script == Character.UnicodeScript.HANGUL;
    }

    private static QueryGlossary load() {
        Map<String, Entry> entries = new HashMap<>();
        for (String language : LANGUAGES) {
            String resource = resource(language);
            try (InputStream in = QueryGlossary.class.getResourceAsStream(resource)) {
                if (in == null) throw new IllegalStateException("the tool-search glossary " + resource + " is missing");
                read(in, resource, language, entries);
            } catch (IOException e) {
                throw new UncheckedIOException("reading the tool-search glossary " + resource, e);
            }
        }
        Map<String, Set<String>> functionWordLanguages = new HashMap<>();
        String resource = FUNCTION_WORDS;
        try (InputStream in = QueryGlossary.class.getResourceAsStream(resource)) {
            if (in == null) throw new IllegalStateException("the tool-search glossary " + resource + " is missing");
            Map<String, Entry> byLanguage = new HashMap<>();
            read(in, resource, "function words", byLanguage);
            byLanguage.forEach((language, words) -> {
                for (String word : words.english().split(" +")) {
                    functionWordLanguages.computeIfAbsent(fold(word), w -> new java.util.HashSet<>(2)).add(language);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("reading the tool-search glossary " + resource, e);
        }
        return new QueryGlossary(entries, functionWordLanguages);
    }

    /** Reads the glossary {@code name} of {@code language} ("en" for the English one) into {@code entries}. */
    static void read(InputStream in, String name, String language, Map<String, Entry> entries) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        String line;
        int number = 0;
        while ((line = reader.readLine()) != null) {
            number++;
            if (line.isBlank() || line.startsWith("#")) continue;
            int tab = line.indexOf('\t');
            if (tab <= 0 || tab == line.length() - 1) {
                throw new IllegalStateException(name + ":" + number + ": expected WORD<TAB>english words");
            }
            String key = line.substring(0, tab).strip();
            String words = line.substring(tab + 1).strip().toLowerCase(Locale.ROOT);
            entries.merge(key, new Entry(words, language), Entry::merge);
        }
    }
}
