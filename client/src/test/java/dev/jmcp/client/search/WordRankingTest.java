package dev.jmcp.client.search;

import dev.jmcp.protocol.Tool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The client's own fallback ranking: words of names (split), titles, descriptions and parameters; best first. */
@Timeout(10)
class WordRankingTest {
    private static Tool tool(String name, String description, String... parameters) {
        var properties = new java.util.LinkedHashMap<String, Object>();
        for (String parameter : parameters) properties.put(parameter, Map.of("type", "string"));
        return new Tool(name, description, Map.of("type", "object", "properties", properties));
    }

    private static final List<Tool> TOOLS = List.of(
            tool("get_forecast", "Weather forecast for a place", "latitude", "longitude"),
            tool("createPullRequest", "Opens a pull request on a repository", "title", "branch"),
            tool("list-issues", "Lists the issues of a repository", "repo"),
            tool("fs.readFile", "Reads a file from disk", "path"));

    @Test
    void identifiersAreSplitIntoWordsAndTheBestMatchComesFirst() {
        var ranking = new WordRanking();
        assertThat(ranking.rank("open a pull request", TOOLS, 3)).first()
                .extracting(Tool::name).isEqualTo("createPullRequest");
        assertThat(ranking.rank("forecast for tomorrow", TOOLS, 3)).extracting(Tool::name)
                .containsExactly("get_forecast");
        assertThat(ranking.rank("read file", TOOLS, 1)).extracting(Tool::name).containsExactly("fs.readFile");
        assertThat(ranking.rank("repository issues", TOOLS, 5)).extracting(Tool::name)
                .startsWith("list-issues").hasSize(2);
    }

    @Test
    void nothingMatchingIsAnEmptyList() {
        assertThat(new WordRanking().rank("zebra", TOOLS, 5)).isEmpty();
        assertThat(new WordRanking().rank("zebra", List.of(), 5)).isEmpty();
    }

    @Test
    void withNoProviderInstalledTheClientsOwnRankingIsUsed() {
        assertThat(ToolRanking.installed()).isInstanceOf(WordRanking.class);
        assertThat(ToolRanking.installed().describe()).isEqualTo("words");
    }
}
