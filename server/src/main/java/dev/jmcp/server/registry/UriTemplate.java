package dev.jmcp.server.registry;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Matches URIs against an RFC 6570 template of simple ({@code {var}}) and reserved ({@code {+var}}) expressions, the
 * forms resource templates use. A simple variable matches one path segment; a reserved one may span segments.
 * Immutable and thread-safe.
 */
public final class UriTemplate {
    private static final Pattern EXPRESSION = Pattern.compile("\\{([+#]?)([A-Za-z0-9_.,]+)}");

    private final String template;
    private final Pattern pattern;
    private final List<String> variables;

    public UriTemplate(String template) {
        this.template = template;
        var regex = new StringBuilder("^");
        var names = new ArrayList<String>();
        Matcher m = EXPRESSION.matcher(template);
        int last = 0;
        while (m.find()) {
            regex.append(Pattern.quote(template.substring(last, m.start())));
            boolean reserved = !m.group(1).isEmpty();
            for (String name : m.group(2).split(",")) {
                if (names.size() > 0 && regex.charAt(regex.length() - 1) == ')') regex.append(",");
                names.add(name);
                regex.append(reserved ? "(.+?)" : "([^/?#,]+)");
            }
            last = m.end();
        }
        if (template.indexOf('{', last) >= 0) {
            throw new IllegalArgumentException("unsupported URI template expression in " + template);
        }
        regex.append(Pattern.quote(template.substring(last))).append('$');
        this.pattern = Pattern.compile(regex.toString());
        this.variables = List.copyOf(names);
    }

    public String template() {
        return template;
    }

    public List<String> variables() {
        return variables;
    }

    /** The variables of {@code uri}, decoded, if it matches. */
    public Optional<Map<String, String>> match(String uri) {
        Matcher m = pattern.matcher(uri);
        if (!m.matches()) return Optional.empty();
        var values = new LinkedHashMap<String, String>();
        for (int i = 0; i < variables.size(); i++) {
            values.put(variables.get(i), java.net.URLDecoder.decode(m.group(i + 1).replace("+", "%2B"),
                    java.nio.charset.StandardCharsets.UTF_8));
        }
        return Optional.of(values);
    }

    @Override
    public String toString() {
        return template;
    }
}
