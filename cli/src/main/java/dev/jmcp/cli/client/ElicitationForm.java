package dev.jmcp.cli.client;

import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * An elicitation form (the 2025-11-25 {@code requestedSchema}: a flat object of string, number, integer, boolean,
 * single- and multi-select enum fields) asked field by field on a line-based keyboard. Each answer is checked against
 * its field's schema ({@code minLength}, {@code maxLength}, {@code pattern}, {@code format} email/uri/date/date-time,
 * {@code minimum}, {@code maximum}, the enum's values, {@code minItems}, {@code maxItems}) and asked again until it
 * fits, so what is sent is only what the schema allows: a number for a number, a list of allowed values for a
 * multi-select. Choices show their titles ({@code oneOf}/{@code anyOf} {@code title}s, or the legacy
 * {@code enumNames}) and send their values. Used by one thread at a time.
 */
final class ElicitationForm {
    /** Reads one line after showing a prompt; null when the input ended. */
    interface Keyboard {
        String readLine(String prompt);
    }

    /** The input ended (or was abandoned) in the middle of the form. */
    static final class Abandoned extends RuntimeException {
        Abandoned() {
            super("the form was left unanswered", null, false, false);
        }
    }

    private static final Pattern EMAIL = Pattern.compile("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$");

    private final Keyboard keyboard;
    private final PrintWriter err;

    ElicitationForm(Keyboard keyboard, PrintWriter err) {
        this.keyboard = keyboard;
        this.err = err;
    }

    /** Asks every field of {@code schema}; the answers by field name, leaving out optional fields left empty. */
    Map<String, Object> ask(Map<String, Object> schema) {
        var content = new LinkedHashMap<String, Object>();
        if (schema == null || !(schema.get("properties") instanceof Map<?, ?> properties)) return content;
        List<?> required = schema.get("required") instanceof List<?> r ? r : List.of();
        for (var entry : properties.entrySet()) {
            if (!(entry.getValue() instanceof Map<?, ?> property)) continue;
            String name = String.valueOf(entry.getKey());
            Object answer = field(name, property, required.contains(name));
            if (answer != null) content.put(name, answer);
        }
        return content;
    }

    /** One choice: the value sent and the title shown. */
    record Choice(Object value, String title) {
    }

    private Object field(String name, Map<?, ?> property, boolean required) {
        String title = property.get("title") instanceof String t ? t : name;
        boolean multi = "array".equals(property.get("type"));
        List<Choice> choices = multi ? choices(property.get("items") instanceof Map<?, ?> items ? items : Map.of())
                : choices(property);
        Object defaultValue = property.get("default");
        var prompt = new StringBuilder("  ").append(title).append(required ? "*" : "");
        if (property.get("description") instanceof String d && !d.isBlank()) {
            prompt.append(" (").append(d.strip().replaceAll("\\s+", " ")).append(')');
        }
        if (!choices.isEmpty()) {
            err.println(prompt);
            for (int i = 0; i < choices.size(); i++) err.println("    " + (i + 1) + ") " + choices.get(i).title());
            prompt.setLength(0);
            prompt.append("  ").append(multi ? "choose, e.g. 1,3" : "choose").append(" [1-").append(choices.size()).append(']');
        } else if ("boolean".equals(property.get("type"))) {
            prompt.append(" [y/n]");
        } else {
            hint(property, prompt);
        }
        if (defaultValue != null) prompt.append(" = ").append(shown(defaultValue, choices));
        prompt.append(": ");
        while (true) {
            String line = keyboard.readLine(prompt.toString());
            if (line == null) throw new Abandoned();
            line = line.strip();
            if (line.isEmpty()) {
                if (defaultValue != null) {
                    try {
                        // A default is the server's own suggestion, yet it too must fit the schema.
                        return check(defaultValue, property, choices, multi);
                    } catch (IllegalArgumentException e) {
                        err.println("    the suggested " + shown(defaultValue, choices) + " does not fit: "
                                + e.getMessage());
                        continue;
                    }
                }
                if (!required) return null;
                err.println("    required; please answer");
                continue;
            }
            try {
                return multi ? multiple(line, property, choices) : single(line, property, choices);
            } catch (IllegalArgumentException e) {
                err.println("    " + e.getMessage());
            }
        }
    }

    private static void hint(Map<?, ?> property, StringBuilder prompt) {
        var hints = new ArrayList<String>();
        if (property.get("format") instanceof String format) {
            hints.add(switch (format) {
                case "date" -> "date, YYYY-MM-DD";
                case "date-time" -> "date-time, e.g. 2025-11-25T10:30:00Z";
                default -> format;
            });
        }
        if (property.get("minimum") instanceof Number min) hints.add("min " + Output.number(min.doubleValue()));
        if (property.get("maximum") instanceof Number max) hints.add("max " + Output.number(max.doubleValue()));
        if (!hints.isEmpty()) prompt.append(" [").append(String.join(", ", hints)).append(']');
    }

    private static String shown(Object value, List<Choice> choices) {
        if (value instanceof List<?> list) {
            return String.join(", ", list.stream().map(v -> shown(v, choices)).toList());
        }
        for (Choice choice : choices) if (choice.value().equals(value)) return choice.title();
        return String.valueOf(value);
    }

    /** A default checked as if typed: the value itself when it fits. */
    private static Object check(Object value, Map<?, ?> property, List<Choice> choices, boolean multi) {
        if (multi) {
            if (!(value instanceof List<?> list)) throw new IllegalArgumentException("not a list");
            for (Object item : list) {
                if (choices.stream().noneMatch(c -> c.value().equals(item))) {
                    throw new IllegalArgumentException(item + " is not one of the choices");
                }
            }
            counted(list.size(), property);
            return List.copyOf(list);
        }
        if (!choices.isEmpty()) {
            if (choices.stream().noneMatch(c -> c.value().equals(value))) {
                throw new IllegalArgumentException("not one of the choices");
            }
            return value;
        }
        return single(String.valueOf(value), property, choices);
    }

    private static Object single(String line, Map<?, ?> property, List<Choice> choices) {
        if (!choices.isEmpty()) return choose(line, choices);
        return switch (String.valueOf(property.get("type"))) {
            case "boolean" -> switch (line.toLowerCase(Locale.ROOT)) {
                case "y", "yes", "true" -> true;
                case "n", "no", "false" -> false;
                default -> throw new IllegalArgumentException("answer y or n");
            };
            case "integer" -> {
                long value;
                try {
                    value = Long.parseLong(line);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("a whole number, please");
                }
                inRange(value, property);
                yield value;
            }
            case "number" -> {
                double value;
                try {
                    value = Double.parseDouble(line);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("a number, please");
                }
                if (!Double.isFinite(value)) throw new IllegalArgumentException("a finite number, please");
                inRange(value, property);
                yield value == Math.rint(value) && Math.abs(value) < 1e15 ? (Object) (long) value : value;
            }
            default -> text(line, property);
        };
    }

    private static void inRange(double value, Map<?, ?> property) {
        if (property.get("minimum") instanceof Number min && value < min.doubleValue()) {
            throw new IllegalArgumentException("at least " + Output.number(min.doubleValue()) + ", please");
        }
        if (property.get("maximum") instanceof Number max && value > max.doubleValue()) {
            throw new IllegalArgumentException("at most " + Output.number(max.doubleValue()) + ", please");
        }
    }

    private static String text(String line, Map<?, ?> property) {
        int length = line.codePointCount(0, line.length());
        if (property.get("minLength") instanceof Number min && length < min.intValue()) {
            throw new IllegalArgumentException("at least " + min.intValue() + " characters, please");
        }
        if (property.get("maxLength") instanceof Number max && length > max.intValue()) {
            throw new IllegalArgumentException("at most " + max.intValue() + " characters, please");
        }
        if (property.get("pattern") instanceof String pattern) {
            try {
                if (!Pattern.compile(pattern).matcher(line).find()) {
                    throw new IllegalArgumentException("it must match " + pattern);
                }
            } catch (PatternSyntaxException e) {
                // The server's pattern is not one Java reads: the server checks it itself.
            }
        }
        if (property.get("format") instanceof String format) {
            switch (format) {
                case "email" -> {
                    if (!EMAIL.matcher(line).matches()) throw new IllegalArgumentException("an email address, please");
                }
                case "uri" -> {
                    try {
                        if (new URI(line).getScheme() == null) throw new URISyntaxException(line, "no scheme");
                    } catch (URISyntaxException e) {
                        throw new IllegalArgumentException("a URI with a scheme, e.g. https://example.com, please");
                    }
                }
                case "date" -> {
                    try {
                        LocalDate.parse(line);
                    } catch (DateTimeParseException e) {
                        throw new IllegalArgumentException("a date as YYYY-MM-DD, please");
                    }
                }
                case "date-time" -> {
                    try {
                        OffsetDateTime.parse(line);
                    } catch (DateTimeParseException e) {
                        throw new IllegalArgumentException("a date and time with its offset, e.g. "
                                + "2025-11-25T10:30:00Z, please");
                    }
                }
                default -> {
                    // A format the specification does not define: the server checks it.
                }
            }
        }
        return line;
    }

    private static Object choose(String answer, List<Choice> choices) {
        try {
            int index = Integer.parseInt(answer.strip());
            if (index >= 1 && index <= choices.size()) return choices.get(index - 1).value();
        } catch (NumberFormatException ignored) {
            // not a number: maybe the value or the title itself
        }
        for (Choice choice : choices) {
            if (String.valueOf(choice.value()).equals(answer.strip()) || choice.title().equalsIgnoreCase(answer.strip())) {
                return choice.value();
            }
        }
        throw new IllegalArgumentException("choose 1 to " + choices.size());
    }

    private static List<Object> multiple(String line, Map<?, ?> property, List<Choice> choices) {
        if (choices.isEmpty()) throw new IllegalArgumentException("this list field offers no choices");
        var chosen = new LinkedHashSet<Object>();
        for (String part : line.split(",")) {
            if (!part.isBlank()) chosen.add(choose(part, choices));
        }
        counted(chosen.size(), property);
        return List.copyOf(chosen);
    }

    private static void counted(int count, Map<?, ?> property) {
        if (property.get("minItems") instanceof Number min && count < min.intValue()) {
            throw new IllegalArgumentException("choose at least " + min.intValue());
        }
        if (property.get("maxItems") instanceof Number max && count > max.intValue()) {
            throw new IllegalArgumentException("choose at most " + max.intValue());
        }
    }

    /**
     * The choices of an enum: {@code oneOf}/{@code anyOf} of {@code const}s with their titles, or {@code enum} with
     * the legacy {@code enumNames} as titles; empty for a field that is no enum.
     */
    static List<Choice> choices(Map<?, ?> schema) {
        var choices = new ArrayList<Choice>();
        for (String key : List.of("oneOf", "anyOf")) {
            if (schema.get(key) instanceof List<?> options) {
                for (Object option : options) {
                    if (option instanceof Map<?, ?> o && o.containsKey("const")) {
                        Object value = o.get("const");
                        choices.add(new Choice(value, o.get("title") instanceof String t ? t : String.valueOf(value)));
                    }
                }
            }
        }
        if (choices.isEmpty() && schema.get("enum") instanceof List<?> values) {
            List<?> names = schema.get("enumNames") instanceof List<?> n && n.size() == values.size() ? n : null;
            for (int i = 0; i < values.size(); i++) {
                choices.add(new Choice(values.get(i), names != null ? String.valueOf(names.get(i))
                        : String.valueOf(values.get(i))));
            }
        }
        return choices;
    }
}
