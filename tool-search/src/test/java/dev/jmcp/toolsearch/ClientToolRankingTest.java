package dev.jmcp.toolsearch;

import dev.jmcp.client.search.ToolRanking;
import dev.jmcp.protocol.Tool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The client's ranking this module provides: found with ServiceLoader, BM25 over a tools/list, best first. */
@Timeout(30)
class ClientToolRankingTest {
    private static Tool tool(String name, String description) {
        return new Tool(name, description, Map.of("type", "object"));
    }

    @Test
    void theClientFindsThisModulesRankingAndItRanksAToolsList() {
        ToolRanking ranking = ToolRanking.installed();
        assertThat(ranking).isInstanceOf(ClientToolRanking.class);
        assertThat(ranking.describe()).isEqualTo("bm25");
        List<Tool> tools = List.of(tool("get_forecast", "Weather forecast for a place"),
                tool("createPullRequest", "Opens a pull request on a repository"),
                tool("list_issues", "Lists the issues of a repository"));
        assertThat(ranking.rank("pull request", tools, 2)).extracting(Tool::name).first()
                .isEqualTo("createPullRequest");
        assertThat(ranking.rank("weather", tools, 5)).extracting(Tool::name).containsExactly("get_forecast");
    }
}
