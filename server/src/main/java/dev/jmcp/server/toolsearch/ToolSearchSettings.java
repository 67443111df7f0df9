package dev.jmcp.server.toolsearch;

import java.util.List;

/**
 * How a server serves tool search ({@code jmcp serve --tool-search}): {@code activate} adds the tools a search found to
 * the searching session's {@code tools/list} (at most {@code activeTools} per session, least recently used dropped
 * first); {@code pins} are names or globs ({@code *}, {@code ?}) of tools listed beside the two meta tools.
 */
public record ToolSearchSettings(boolean activate, List<String> pins, int activeTools) {
    public static final int DEFAULT_ACTIVE_TOOLS = 32;

    public ToolSearchSettings {
        pins = pins == null ? List.of() : List.copyOf(pins);
        if (activeTools < 1) throw new IllegalArgumentException("--active-tools must be at least 1, was " + activeTools);
        for (String pin : pins) {
            if (pin == null || pin.isBlank()) throw new IllegalArgumentException("--pin-tool needs a tool name or glob");
        }
    }
}
