package dev.jmcp.protocol;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The revision table applied to outgoing items: each method returns the item as the given revision defines it,
 * leaving out fields the revision does not have (a 2024-11-05 client never sees {@code title}, {@code outputSchema} or
 * {@code icons}) and rendering content kinds it lacks as text. Items already in shape are returned as they are, so
 * the newest revision costs no copy. Stateless and thread-safe.
 */
public final class WireShape {
    private WireShape() {
    }

    /**
     * A complete result (a JSON object) as {@code v} writes it: from 2026-07-28 on it says so ({@code resultType}) and
     * carries {@code hint} when there is one; earlier revisions get {@code result} itself.
     */
    public static Map<String, Object> complete(Map<String, Object> result, ProtocolVersion v, CacheHint hint) {
        if (!v.hasResultTypes()) return result;
        var shaped = new LinkedHashMap<String, Object>(result);
        shaped.put("resultType", "complete");
        if (hint != null) {
            shaped.put("ttlMs", hint.ttlMs());
            shaped.put("cacheScope", hint.cacheScope());
        }
        return shaped;
    }

    public static Tool tool(Tool t, ProtocolVersion v) {
        if (v.hasIcons()) return t;
        boolean keepTitle = v.hasTitles();
        return new Tool(t.name(), keepTitle ? t.title() : null, t.description(), t.inputSchema(),
                v.hasStructuredContent() ? t.outputSchema() : null, v.hasToolAnnotations() ? t.annotations() : null,
                null, t.meta());
    }

    public static Prompt prompt(Prompt p, ProtocolVersion v) {
        if (v.hasIcons()) return p;
        List<PromptArgument> arguments = p.arguments();
        if (!v.hasTitles() && arguments != null) {
            arguments = arguments.stream().map(a -> new PromptArgument(a.name(), null, a.description(), a.required())).toList();
        }
        return new Prompt(p.name(), v.hasTitles() ? p.title() : null, p.description(), arguments, null, p.meta());
    }

    public static Resource resource(Resource r, ProtocolVersion v) {
        if (v.hasIcons()) return r;
        return new Resource(r.uri(), r.name(), v.hasTitles() ? r.title() : null, r.description(), r.mimeType(), r.size(),
                r.annotations(), null, r.meta());
    }

    public static ResourceTemplate template(ResourceTemplate t, ProtocolVersion v) {
        if (v.hasIcons()) return t;
        return new ResourceTemplate(t.uriTemplate(), t.name(), v.hasTitles() ? t.title() : null, t.description(),
                t.mimeType(), t.annotations(), null, t.meta());
    }

    public static CallToolResult callToolResult(CallToolResult r, ProtocolVersion v) {
        if (v.hasResourceLinks()) return r;
        return new CallToolResult(contents(r.content(), v), null, r.isError(), r.meta());
    }

    public static GetPromptResult promptResult(GetPromptResult r, ProtocolVersion v) {
        if (v.hasResourceLinks()) return r;
        var messages = new ArrayList<PromptMessage>(r.messages().size());
        for (var m : r.messages()) messages.add(new PromptMessage(m.role(), content(m.content(), v)));
        return new GetPromptResult(r.description(), messages);
    }

    private static List<Content> contents(List<Content> content, ProtocolVersion v) {
        var shaped = new ArrayList<Content>(content.size());
        for (var c : content) shaped.add(content(c, v));
        return shaped;
    }

    /** A content kind the revision lacks becomes a text note a person can still read. */
    private static Content content(Content c, ProtocolVersion v) {
        return switch (c) {
            case AudioContent a when !v.hasAudioContent() ->
                    new TextContent("[audio content (" + a.mimeType() + ") not shown: protocol " + v.wire()
                            + " has no audio content]");
            case ResourceLink l when !v.hasResourceLinks() ->
                    new TextContent("Resource: " + l.uri() + (l.name() == null ? "" : " (" + l.name() + ")"));
            case TextContent t -> t;
            case ImageContent i -> i;
            case AudioContent a -> a;
            case ResourceLink l -> l;
            case EmbeddedResource e -> e;
        };
    }
}
