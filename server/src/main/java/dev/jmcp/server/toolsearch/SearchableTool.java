package dev.jmcp.server.toolsearch;

import dev.jmcp.protocol.Tool;

/**
 * One tool as a {@link ToolIndex} sees it: its declaration (the name as the server serves it), and the name and
 * description of the plugin or mounted server it comes from ({@code sourceDescription} may be null).
 */
public record SearchableTool(Tool tool, String source, String sourceDescription) {
    public SearchableTool {
        if (tool == null) throw new IllegalArgumentException("a searchable tool needs its tool");
        if (source == null) source = "";
    }
}
