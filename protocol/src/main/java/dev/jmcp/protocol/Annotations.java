package dev.jmcp.protocol;

import java.util.List;

/** Hints on content or resources: who it is for, how important, when last changed (ISO 8601). All optional. */
public record Annotations(List<Role> audience, Double priority, String lastModified) {
    public Annotations {
        audience = audience == null ? null : List.copyOf(audience);
        if (priority != null && (priority < 0 || priority > 1)) {
            throw new IllegalArgumentException("priority must be between 0 and 1, was " + priority);
        }
    }
}
