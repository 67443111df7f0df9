package dev.jmcp.plugins.codereview;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A programming language the prompt knows by name: {@code name} as people write it, {@code fence} the info string
 * Markdown renderers highlight it by.
 */
record Language(String name, String fence) {

    /** The languages offered by completion, sorted by name, ignoring case. */
    static final List<Language> KNOWN = List.of(
            new Language("Ada", "ada"),
            new Language("Assembly", "asm"),
            new Language("Bash", "bash"),
            new Language("C", "c"),
            new Language("C#", "csharp"),
            new Language("C++", "cpp"),
            new Language("Clojure", "clojure"),
            new Language("COBOL", "cobol"),
            new Language("CSS", "css"),
            new Language("Dart", "dart"),
            new Language("Elixir", "elixir"),
            new Language("Erlang", "erlang"),
            new Language("F#", "fsharp"),
            new Language("Fortran", "fortran"),
            new Language("Go", "go"),
            new Language("Groovy", "groovy"),
            new Language("Haskell", "haskell"),
            new Language("HTML", "html"),
            new Language("Java", "java"),
            new Language("JavaScript", "javascript"),
            new Language("Julia", "julia"),
            new Language("Kotlin", "kotlin"),
            new Language("Lua", "lua"),
            new Language("MATLAB", "matlab"),
            new Language("Objective-C", "objectivec"),
            new Language("OCaml", "ocaml"),
            new Language("Pascal", "pascal"),
            new Language("Perl", "perl"),
            new Language("PHP", "php"),
            new Language("PowerShell", "powershell"),
            new Language("Python", "python"),
            new Language("R", "r"),
            new Language("Ruby", "ruby"),
            new Language("Rust", "rust"),
            new Language("Scala", "scala"),
            new Language("Scheme", "scheme"),
            new Language("Shell", "sh"),
            new Language("SQL", "sql"),
            new Language("Swift", "swift"),
            new Language("TypeScript", "typescript"),
            new Language("Visual Basic", "vbnet"),
            new Language("Zig", "zig"));

    static final Comparator<String> BY_NAME = String.CASE_INSENSITIVE_ORDER;

    /** The known language with this name, ignoring case and surrounding blanks. */
    static Optional<Language> named(String name) {
        String wanted = name.strip();
        return KNOWN.stream().filter(l -> l.name.equalsIgnoreCase(wanted)).findFirst();
    }

    /** The info string for a fenced block of {@code language}: its own when known, else a simple lower-case form. */
    static String fenceFor(String language) {
        return named(language).map(Language::fence)
                .orElseGet(() -> language.strip().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9+#_-]+", "-"));
    }
}
