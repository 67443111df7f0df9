package dev.jmcp.toolsearch;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The ranking's parameters, shipped in the module's {@code ranking.properties} and chosen by
 * {@code bench/run.sh tool-search} on the evaluation set's dev split: the lexical field weights, BM25's k1 and b, the
 * weight of the glossary's words, and the fusion. A system property {@code jmcp.toolsearch.KEY} overrides a key, which
 * is how the benchmark tries other values; the server never sets one.
 */
final class RankingSettings {

    private static final Properties SHIPPED = load();

    private RankingSettings() {
    }

    static String get(String key) {
        String value = System.getProperty("jmcp.toolsearch." + key, SHIPPED.getProperty(key));
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("ranking.properties of the tool-search module has no " + key);
        }
        return value.strip();
    }

    static double number(String key) {
        return Double.parseDouble(get(key));
    }

    private static Properties load() {
        try (InputStream in = RankingSettings.class.getResourceAsStream("ranking.properties")) {
            if (in == null) throw new IllegalStateException("ranking.properties is missing from the tool-search module");
            Properties properties = new Properties();
            properties.load(in);
            return properties;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
