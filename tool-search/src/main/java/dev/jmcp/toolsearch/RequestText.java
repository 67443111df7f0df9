package dev.jmcp.toolsearch;

/**
 * A request split into what it asks for and what it quotes: in {@code post "deploy done" to #releases} or {@code 把“写周报”
 * 标记为完成} the quoted words are the payload of the call (a message, a task's name, a search string), not what kind of
 * tool is wanted, so lexical ranking weighs them less than the rest. Quotes are the ASCII double quote, the typographic
 * and CJK quotation marks and guillemets, and a single quote that opens after a space (so {@code don't} is no quote).
 * An unclosed quote runs to the end. A request that is all quote is all intent (there is nothing else to go on).
 *
 * <p>Values a request names are payload too, and say what kind of thing the call is about: in {@code show me what's in
 * config/app.yaml} the path is a file's (so a tool that reads files is wanted, not one about configuration), in
 * {@code move OPS-42 to Done} the key is an issue's. A URL or domain, an e-mail address, a file name or path, an issue
 * key ({@code ABC-123}), a {@code #channel}, a {@code #123}, an {@code @user}, a date and a commit hash each leave the
 * intent for the quoted words, and the intent gets the words tools use for their kind instead ({@link Kind}).
 */
record RequestText(String intent, String quoted) {

    /** A kind of value a request may name, the pattern that finds it, and the words tools describe that kind with. */
    private enum Kind {
        URL("(?:https?://|www\\.)[^\\s\"'<>]+|(?<![\\w@.-])[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9-]+)*\\.(?:com|org|net|io|dev|ai|app"
                + "|co|edu|gov|info|xyz|cn|jp|kr|de|fr|br|uk|eu|us|ca|au|ru|nl)(?![\\w-])(?::\\d+)?(?:/[^\\s\"'<>]*)?",
                "url website page"),
        EMAIL("[\\w.+-]+@[\\w-]+(?:\\.[\\w-]+)+", "email address"),
        IMAGE("(?<![\\w.~/-])(?:[\\w.~-]*/)*[\\w~-][\\w.~-]*\\.(?i:png|jpe?g|gif|svg|webp|bmp|ico|tiff?)(?![\\w.])", "image file"),
        // Not a library named like a file (Node.js, Vue.js).
        FILE("(?<![\\w.~/-])(?!(?i:node|next|nuxt|vue|react|angular|ember|backbone|three|chart|d3|p5|moment|express|deno|bun)\\.js\\b)"
                + "(?:[\\w.~-]*/)*[\\w~-][\\w.~-]*\\.(?i:json|ya?ml|toml|ini|cfg|conf|env|xml|csv|tsv|txt|md|rst|log|pdf|docx?"
                + "|xlsx?|pptx?|html?|css|scss|js|mjs|cjs|jsx|ts|tsx|py|rb|go|rs|java|kt|scala|c|h|cc|cpp|hpp|cs|php|swift"
                + "|sh|bash|zsh|ps1|sql|lock|gradle|properties|proto|tf|ipynb|zip|tar|gz|mp3|mp4|wav|mov)(?![\\w.])"
                + "|(?<![\\w/])(?:~|\\.{1,2})?/(?:[\\w.-]+/)*[\\w.-]+/?|(?<![\\w/])(?:Dockerfile|Makefile|README|LICENSE)(?![\\w.])",
                "file"),
        ISSUE_KEY("(?<![\\w-])[A-Z][A-Z0-9]{1,9}-\\d+(?![\\w-])", "issue"),
        NUMBER("(?<![\\w&])#\\d+(?!\\w)", "issue number"),
        CHANNEL("(?<![\\w&])#[\\p{L}][\\p{L}\\p{N}_-]*", "channel"),
        USER("(?<![\\w.@])@[\\p{L}][\\p{L}\\p{N}_.-]*(?<!\\.)", "user"),
        DATE("(?<![\\w-])\\d{4}-\\d{2}-\\d{2}(?![\\w-])", "date"),
        COMMIT("(?<![\\w-])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\\d)[0-9a-f]{7,40}(?![\\w-])", "commit");

        final String pattern;
        final String words;

        Kind(String pattern, String words) {
            this.pattern = pattern;
            this.words = words;
        }
    }

    /** Every kind in one pattern, a group per kind, tried in the order of {@link Kind} at each position. */
    private static final java.util.regex.Pattern VALUES;

    static {
        StringBuilder all = new StringBuilder();
        for (Kind kind : Kind.values()) {
            if (!all.isEmpty()) all.append('|');
            all.append("(?<").append(kind.name().replace("_", "")).append('>').append(kind.pattern).append(')');
        }
        VALUES = java.util.regex.Pattern.compile(all.toString());
    }

    static RequestText of(String request) {
        StringBuilder intent = new StringBuilder(request.length());
        StringBuilder quoted = new StringBuilder();
        int i = 0;
        while (i < request.length()) {
            char c = request.charAt(i);
            char close = closing(request, i);
            if (close == 0) {
                intent.append(c);
                i++;
                continue;
            }
            int end = request.indexOf(close, i + 1);
            if (end < 0) end = request.length();
            quoted.append(request, i + 1, end).append(' ');
            intent.append(' ');
            i = end + 1;
        }
        if (intent.toString().isBlank()) return new RequestText(request, "");
        return values(intent.toString(), quoted);
    }

    /** Moves the values {@code intent} names to {@code quoted}, leaving the words of their kinds in their place. */
    private static RequestText values(String intent, StringBuilder quoted) {
        var matcher = VALUES.matcher(intent);
        if (!matcher.find()) return new RequestText(intent, quoted.toString().strip());
        StringBuilder typed = new StringBuilder(intent.length() + 16);
        int last = 0;
        do {
            for (Kind kind : Kind.values()) {
                if (matcher.start(kind.name().replace("_", "")) < 0) continue;
                typed.append(intent, last, matcher.start()).append(' ').append(kind.words).append(' ');
                quoted.append(matcher.group()).append(' ');
                break;
            }
            last = matcher.end();
        } while (matcher.find());
        typed.append(intent, last, intent.length());
        // A request that is only values (a pasted URL) still asks for them: the values stay its intent too.
        if (KIND_WORDS.matcher(typed).replaceAll("").isBlank()) typed.append(' ').append(intent);
        return new RequestText(typed.toString(), quoted.toString().strip());
    }

    /** The words of every kind, compiled once (a request naming a value was checked against a new pattern each time). */
    private static final java.util.regex.Pattern KIND_WORDS;

    static {
        var words = new java.util.LinkedHashSet<String>();
        for (Kind kind : Kind.values()) words.addAll(java.util.List.of(kind.words.split(" ")));
        KIND_WORDS = java.util.regex.Pattern.compile("\\b(?:" + String.join("|", words) + ")\\b");
    }

    /** The character that closes a quote opening at {@code i}, or 0 when no quote opens there. */
    private static char closing(String text, int i) {
        return switch (text.charAt(i)) {
            case '"' -> '"';
            case '\u201C' -> '\u201D';
            case '\u201E' -> '\u201C';
            case '\u300C' -> '\u300D';
            case '\u300E' -> '\u300F';
            case '\u00AB' -> '\u00BB';
            case '\u2018' -> '\u2019';
            case '\'' -> i == 0 || Character.isWhitespace(text.charAt(i - 1)) ? '\'' : 0;
            default -> 0;
        };
    }
}
