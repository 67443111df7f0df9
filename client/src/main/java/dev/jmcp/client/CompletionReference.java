package dev.jmcp.client;

import java.util.Map;

/**
 * What {@code completion/complete} completes an argument of: a prompt (by name) or a resource template (by its URI
 * template). A closed union.
 */
public sealed interface CompletionReference {

    /** The {@code ref} object as it goes on the wire. */
    Map<String, Object> toWire();

    static CompletionReference prompt(String name) {
        return new PromptReference(name);
    }

    static CompletionReference resourceTemplate(String uriTemplate) {
        return new ResourceTemplateReference(uriTemplate);
    }

    /** {@code ref/prompt}. */
    record PromptReference(String name) implements CompletionReference {
        public PromptReference {
            if (name == null || name.isEmpty()) throw new IllegalArgumentException("a prompt reference needs a name");
        }

        @Override
        public Map<String, Object> toWire() {
            return Map.of("type", "ref/prompt", "name", name);
        }
    }

    /** {@code ref/resource}. */
    record ResourceTemplateReference(String uri) implements CompletionReference {
        public ResourceTemplateReference {
            if (uri == null || uri.isEmpty()) throw new IllegalArgumentException("a resource reference needs a uri");
        }

        @Override
        public Map<String, Object> toWire() {
            return Map.of("type", "ref/resource", "uri", uri);
        }
    }
}
