package dev.jmcp.toolsearch;

import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.ToolAnnotations;
import dev.jmcp.server.toolsearch.SearchableTool;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * One tool as text fields for ranking, each bounded so that a tool with a description megabytes long costs no more
 * than one of {@link #FIELD_CHARS}: the name, the title, the description, the parameters (names, descriptions and enum
 * values, nested properties too, to a bounded depth and count) and the context (the source's name and description, and
 * the annotations as words). {@link #hash} identifies the content, so an update re-indexes and re-embeds only tools
 * whose text changed. Immutable.
 */
record ToolDocument(String name, String title, String description, String parameters, String context, String source,
                    String hash, String action) {

    /** The most characters one field keeps. */
    static final int FIELD_CHARS = 4_000;
    /** The most characters of one description inside the parameters or the context. */
    static final int PART_CHARS = 400;
    /** The most characters the text given to the embedding model keeps (its tokenizer truncates further). */
    static final int DENSE_CHARS = 1_200;
    /** The most characters of the description's first sentence that {@link #summaryText()} keeps. */
    static final int SUMMARY_CHARS = 300;
    private static final int MAX_DEPTH = 3;
    static final boolean DENSE_SOURCE = Boolean.parseBoolean(RankingSettings.get("denseSource"));
    private static final int MAX_PROPERTIES = 64;

    static ToolDocument of(SearchableTool searchable) {
        Tool tool = searchable.tool();
        ToolAnnotations annotations = tool.annotations();
        String title = tool.title() != null ? tool.title() : annotations != null ? annotations.title() : null;
        StringBuilder parameters = new StringBuilder();
        appendProperties(parameters, tool.inputSchema(), 0, new int[] {0});
        StringBuilder context = new StringBuilder();
        append(context, searchable.source(), PART_CHARS);
        append(context, searchable.sourceDescription(), PART_CHARS);
        append(context, hintWords(annotations), PART_CHARS);
        String name = bound(tool.name());
        String titleText = bound(title);
        String descriptionText = bound(tool.description());
        String parametersText = bound(parameters.toString());
        String contextText = bound(context.toString());
        String source = searchable.source() == null ? "" : searchable.source().length() <= PART_CHARS
                ? searchable.source().strip() : searchable.source().substring(0, PART_CHARS);
        String hash = sha256(name, titleText, descriptionText, parametersText, contextText);
        return new ToolDocument(name, titleText, descriptionText, parametersText, contextText, source, hash,
                ToolActions.shipped().ofTool(name));
    }

    /**
     * What the embedding model reads of a tool: its name as words, where it comes from, title and description first,
     * then parameters.
     */
    String denseText() {
        StringBuilder text = new StringBuilder(IdentifierWords.split(name));
        if (DENSE_SOURCE && !source.isEmpty()) text.append(" (").append(source).append(')');
        if (!title.isEmpty()) text.append(": ").append(title);
        if (!description.isEmpty()) text.append(". ").append(description);
        if (!parameters.isEmpty() && text.length() < DENSE_CHARS) text.append(" Parameters: ").append(parameters);
        return text.length() <= DENSE_CHARS ? text.toString() : text.substring(0, DENSE_CHARS);
    }

    /**
     * What the tool is for, in short: its name as words, its title and the first sentence of its description. The model
     * reads it beside {@link #denseText()} (see {@link DenseIndex}): in the whole text a long description and many
     * parameters outweigh the few words that say what the tool does.
     */
    String summaryText() {
        StringBuilder text = new StringBuilder(IdentifierWords.split(name));
        if (!title.isEmpty()) text.append(": ").append(title);
        String sentence = firstSentence(description);
        if (!sentence.isEmpty()) text.append(". ").append(sentence);
        return text.toString();
    }

    /**
     * The first sentence of {@code text} (to a full stop, question or exclamation mark followed by a space, or to the end
     * of its first line that is not blank), at most {@link #SUMMARY_CHARS} characters.
     */
    static String firstSentence(String text) {
        int start = 0;
        while (start < text.length() && Character.isWhitespace(text.charAt(start))) start++;
        int end = start;
        while (end < text.length() && end - start < SUMMARY_CHARS) {
            char c = text.charAt(end);
            if (c == '\n' || c == '\r') break;
            if ((c == '.' || c == '?' || c == '!')
                    && (end + 1 == text.length() || Character.isWhitespace(text.charAt(end + 1)))) break;
            end++;
        }
        return text.substring(start, end).strip();
    }

    private static void appendProperties(StringBuilder out, Object schema, int depth, int[] count) {
        if (!(schema instanceof Map<?, ?> map) || depth > MAX_DEPTH) return;
        if (map.get("properties") instanceof Map<?, ?> properties) {
            for (Map.Entry<?, ?> property : properties.entrySet()) {
                if (count[0]++ >= MAX_PROPERTIES || out.length() >= FIELD_CHARS) return;
                append(out, String.valueOf(property.getKey()), PART_CHARS);
                if (property.getValue() instanceof Map<?, ?> propertySchema) {
                    appendSchemaWords(out, propertySchema);
                    appendProperties(out, propertySchema, depth + 1, count);
                    appendProperties(out, propertySchema.get("items"), depth + 1, count);
                }
            }
        }
    }

    private static void appendSchemaWords(StringBuilder out, Map<?, ?> schema) {
        if (schema.get("title") instanceof String title) append(out, title, PART_CHARS);
        if (schema.get("description") instanceof String description) append(out, description, PART_CHARS);
        if (schema.get("enum") instanceof List<?> values) {
            int taken = 0;
            for (Object value : values) {
                if (taken++ >= 32) break;
                if (value != null) append(out, String.valueOf(value), 64);
            }
        }
    }

    /** The annotations' hints as the words a request would use for them. */
    private static String hintWords(ToolAnnotations annotations) {
        if (annotations == null) return "";
        StringBuilder words = new StringBuilder();
        if (Boolean.TRUE.equals(annotations.readOnlyHint())) words.append("read only, does not modify. ");
        if (Boolean.TRUE.equals(annotations.destructiveHint())) words.append("destructive, may delete or overwrite. ");
        if (Boolean.TRUE.equals(annotations.idempotentHint())) words.append("idempotent. ");
        if (Boolean.TRUE.equals(annotations.openWorldHint())) words.append("reaches external systems. ");
        return words.toString().strip();
    }

    private static void append(StringBuilder out, String text, int max) {
        if (text == null || text.isBlank() || out.length() >= FIELD_CHARS) return;
        if (!out.isEmpty()) out.append(". ");
        out.append(text.length() <= max ? text.strip() : text.substring(0, max));
    }

    private static String bound(String text) {
        if (text == null) return "";
        return text.length() <= FIELD_CHARS ? text : text.substring(0, FIELD_CHARS);
    }

    private static String sha256(String... fields) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (String field : fields) {
                digest.update(field.getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
            }
            return HexFormat.of().formatHex(digest.digest(), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
