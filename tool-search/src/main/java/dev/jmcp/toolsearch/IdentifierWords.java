package dev.jmcp.toolsearch;

import java.util.regex.Pattern;

/**
 * Splits an identifier into the words it is made of, the way the analyzer does for ranking: {@code getWeatherForecast},
 * {@code get_weather-forecast} and {@code weather.get2} become {@code get weather forecast}, {@code weather get 2}.
 * Used for the text the embedding model reads, which knows words, not identifiers.
 */
final class IdentifierWords {

    private static final Pattern BOUNDARY = Pattern.compile(
            "(?<=\\p{Ll})(?=\\p{Lu})|(?<=\\p{Lu})(?=\\p{Lu}\\p{Ll})|(?<=\\p{L})(?=\\p{N})|(?<=\\p{N})(?=\\p{L})");
    private static final Pattern SEPARATORS = Pattern.compile("[_\\-.:/\\s]+");

    private IdentifierWords() {
    }

    static String split(String identifier) {
        String spaced = SEPARATORS.matcher(identifier).replaceAll(" ");
        return BOUNDARY.matcher(spaced).replaceAll(" ").strip().toLowerCase(java.util.Locale.ROOT);
    }
}
