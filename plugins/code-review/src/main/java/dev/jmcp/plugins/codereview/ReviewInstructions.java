package dev.jmcp.plugins.codereview;

/** Writes the text of the review request: what to look at, how to answer, and the code in a fenced block. */
final class ReviewInstructions {

    private ReviewInstructions() {
    }

    /** {@code code} null means the user will give the code in the conversation. */
    static String write(String language, String code) {
        var text = new StringBuilder();
        text.append("Please review the following ").append(language).append(" code as an experienced ")
                .append(language).append(" developer would review a colleague's change.\n\n");
        text.append("""
                Look at, in this order:
                1. Correctness: bugs, unhandled edge cases (empty, null, very large or malformed input), off-by-one \
                errors, wrong error handling, race conditions.
                2. Security: injection, unsafe deserialization, secrets in code, missing validation of untrusted input.
                3. Performance: needless work, poor algorithmic complexity, leaked resources.
                4. Readability and design: naming, structure, duplication, comments that explain why rather than what.
                5. Idiomatic use of the language and its standard library.

                For each finding, quote the lines concerned, say why it matters and how severe it is \
                (critical, major, minor or nit), and show the corrected code. Do not invent problems: \
                if a part is fine, say so briefly. End with a short overall assessment and the three changes \
                you would make first.
                """);
        if (code == null) {
            text.append("\nI will paste the code in my next message.");
        } else {
            String fence = fenceAround(code);
            text.append('\n').append(fence).append(Language.fenceFor(language)).append('\n')
                    .append(code.stripTrailing()).append('\n').append(fence);
        }
        return text.toString();
    }

    /** A backtick fence longer than any run of backticks in the code, so the code cannot close it early. */
    static String fenceAround(String code) {
        int longest = 0;
        int run = 0;
        for (int i = 0; i < code.length(); i++) {
            run = code.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return "`".repeat(Math.max(3, longest + 1));
    }
}
