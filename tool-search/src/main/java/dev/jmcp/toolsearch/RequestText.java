package dev.jmcp.toolsearch;

/**
 * A request split into what it asks for and what it quotes: in {@code post "deploy done" to #releases} or {@code 把“写周报”
 * 标记为完成} the quoted words are the payload of the call (a message, a task's name, a search string), not what kind of
 * tool is wanted, so lexical ranking weighs them less than the rest. Quotes are the ASCII double quote, the typographic
 * and CJK quotation marks and guillemets, and a single quote that opens after a space (so {@code don't} is no quote).
 * An unclosed quote runs to the end. A request that is all quote is all intent (there is nothing else to go on).
 */
record RequestText(String intent, String quoted) {

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
        return new RequestText(intent.toString(), quoted.toString().strip());
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
