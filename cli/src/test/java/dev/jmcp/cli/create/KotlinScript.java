package dev.jmcp.cli.create;

import java.util.ArrayDeque;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A check that a generated Gradle Kotlin script is plausible Kotlin, since no Gradle could be had where jmcp is built
 * and tested to compile it: brackets, braces and parentheses pair up outside strings and comments, every string
 * literal ends on its line, and no template placeholder is left. Not a parser: a script passing it may still not
 * compile.
 */
final class KotlinScript {
    private KotlinScript() {
    }

    static void assertPlausible(String script) {
        assertThat(script).doesNotContain("{{", "}}", "\t");
        var open = new ArrayDeque<Character>();
        int lineNumber = 0;
        for (String line : script.split("\n", -1)) {
            lineNumber++;
            boolean inString = false;
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (inString) {
                    if (c == '\\') i++;
                    else if (c == '"') inString = false;
                    continue;
                }
                if (c == '/' && i + 1 < line.length() && line.charAt(i + 1) == '/') break;
                if (c == '\'' && i + 2 < line.length()) {
                    // a character literal: 'x' or '\n'
                    i += line.charAt(i + 1) == '\\' ? 3 : 2;
                    continue;
                }
                switch (c) {
                    case '"' -> inString = true;
                    case '(', '{', '[' -> open.push(c);
                    case ')', '}', ']' -> {
                        char expected = c == ')' ? '(' : c == '}' ? '{' : '[';
                        assertThat(open).as("line %d: '%s' closes nothing open: %s", lineNumber, c, line).isNotEmpty();
                        assertThat(open.pop()).as("line %d: '%s' closes another bracket: %s", lineNumber, c, line)
                                .isEqualTo(expected);
                    }
                    default -> {
                    }
                }
            }
            assertThat(inString).as("line %d: a string literal does not end: %s", lineNumber, line).isFalse();
        }
        assertThat(open).as("brackets left open at the end").isEmpty();
    }
}
