package dev.jmcp.plugins.bacioquote;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The proverbs of {@code proverbs.txt} in this package (UTF-8, one per line, {@code #} comments and blank lines
 * skipped). Immutable and thread-safe.
 */
record Proverbs(List<String> all) {

    static final String RESOURCE = "proverbs.txt";

    Proverbs {
        all = List.copyOf(all);
        if (all.isEmpty()) throw new IllegalStateException(RESOURCE + " holds no proverbs");
    }

    /** Reads the list bundled in the plugin's JAR; fails when it is missing or empty. */
    static Proverbs bundled() {
        try (InputStream in = Proverbs.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException(RESOURCE + " is missing from the plugin's JAR");
            var reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            return new Proverbs(reader.lines().map(String::strip)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .toList());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    String random() {
        return all.get(ThreadLocalRandom.current().nextInt(all.size()));
    }
}
