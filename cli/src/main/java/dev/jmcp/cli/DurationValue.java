package dev.jmcp.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a positive duration from the command line: a whole number with {@code ms}, {@code s}, {@code m} or {@code h}
 * ({@code 30m}, {@code 90s}), or ISO-8601 ({@code PT30M}). Stateless and thread-safe; a bad value fails with a message
 * that shows how to write it.
 */
public final class DurationValue implements ITypeConverter<Duration> {
    private static final Pattern AMOUNT = Pattern.compile("(\\d{1,9})\\s*(ms|s|m|h)");

    @Override
    public Duration convert(String value) {
        return parse(value);
    }

    public static Duration parse(String text) {
        String value = text.strip().toLowerCase(Locale.ROOT);
        Duration duration;
        Matcher m = AMOUNT.matcher(value);
        if (m.matches()) {
            long amount = Long.parseLong(m.group(1));
            duration = switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                default -> Duration.ofHours(amount);
            };
        } else {
            try {
                duration = Duration.parse(text.strip().toUpperCase(Locale.ROOT));
            } catch (DateTimeParseException e) {
                throw new TypeConversionException("'" + text + "' is not a duration: write a whole number with ms, s, "
                        + "m or h (30m, 90s)");
            }
        }
        if (!duration.isPositive()) {
            throw new TypeConversionException("'" + text + "' is not a positive duration");
        }
        return duration;
    }
}
