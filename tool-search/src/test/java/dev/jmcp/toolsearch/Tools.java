package dev.jmcp.toolsearch;

import dev.jmcp.protocol.Tool;
import dev.jmcp.server.toolsearch.SearchableTool;

import java.util.List;
import java.util.Map;

/** Small real-looking tool sets for the tests. */
final class Tools {

    private Tools() {
    }

    static SearchableTool tool(String name, String description, String... parameters) {
        Map<String, Object> properties = new java.util.LinkedHashMap<>();
        for (String parameter : parameters) properties.put(parameter, Map.of("type", "string"));
        return new SearchableTool(new Tool(name, description, Map.of("type", "object", "properties", properties)),
                "test", null);
    }

    static List<SearchableTool> few() {
        return List.of(
                tool("weather_get_forecast", "Get the weather forecast for a city: temperature, rain and wind.",
                        "city", "days"),
                tool("github_create_issue", "Create a new issue in a GitHub repository.", "owner", "repo", "title"),
                tool("github_list_pull_requests", "List open pull requests of a repository.", "owner", "repo"),
                tool("fs_read_file", "Read the complete contents of a file from the file system.", "path"),
                tool("postgres_query", "Run a read-only SQL query against the PostgreSQL database.", "sql"),
                tool("slack_post_message", "Post a message to a Slack channel.", "channel", "text"),
                tool("browser_navigate", "Navigate the browser to a URL.", "url"));
    }
}
