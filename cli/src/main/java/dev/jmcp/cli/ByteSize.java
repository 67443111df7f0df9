package dev.jmcp.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a size in bytes from the command line: plain bytes ({@code 4194304}, {@code 4194304B}) or a whole number of
 * binary units ({@code 512KiB}, {@code 4MiB}, {@code 1GiB}; case-insensitive). Decimal units such as {@code MB} are
 * refused rather than guessed. Stateless and thread-safe; a bad value fails with a message that shows how to write it.
 */
public final class ByteSize implements ITypeConverter<Integer> {
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(b|kib|mib|gib)?");

    @Override
    public Integer convert(String value) {
        return parse(value);
    }

    /** The number of bytes {@code text} stands for; at most {@link Integer#MAX_VALUE}. */
    public static int parse(String text) {
        Matcher m = SIZE.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new TypeConversionException("'" + text + "' is not a size: write bytes (4194304) or a whole number"
                    + " with KiB, MiB or GiB (4MiB)");
        }
        int shift = switch (m.group(2) == null ? "b" : m.group(2)) {
            case "kib" -> 10;
            case "mib" -> 20;
            case "gib" -> 30;
            default -> 0;
        };
        long number;
        try {
            number = Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
            throw tooLarge(text);
        }
        if (number > (Integer.MAX_VALUE >> shift)) throw tooLarge(text);
        return (int) (number << shift);
    }

    private static TypeConversionException tooLarge(String text) {
        return new TypeConversionException("'" + text + "' is too large: at most " + Integer.MAX_VALUE + " bytes");
    }
}
