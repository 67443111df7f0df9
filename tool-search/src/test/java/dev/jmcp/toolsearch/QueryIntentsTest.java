package dev.jmcp.toolsearch;

import dev.jmcp.server.toolsearch.SearchableTool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The everyday exemplars of tool operations: the shipped file's form, and what they find with the real model. */
class QueryIntentsTest {

    @TempDir
    Path cache;

    @Test
    void theShippedFileHoldsManyOperationsEachAskedForSeveralWays() {
        QueryIntents intents = QueryIntents.shipped();
        assertThat(intents.size()).isGreaterThan(1_500);
        assertThat(intents.embedded()).isFalse();
    }

    @Test
    void aLineNotOfTheFormIsRefusedWithItsNumber() {
        assertThatThrownBy(() -> QueryIntents.parse(new StringReader("# a comment\nmerge branch into current\n")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("line 2");
        assertThatThrownBy(() -> QueryIntents.parse(new StringReader("Merge Branch Now\tfold it in\n")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("line 1");
        assertThatThrownBy(() -> QueryIntents.parse(new StringReader("merge\tfold it in\n")))
                .hasMessageContaining("3-8 lower-case words");
    }

    @Test
    @Timeout(180)
    void aRequestInWordsNoToolUsesFindsTheToolThroughTheOperationItAsksFor() throws Exception {
        List<SearchableTool> tools = new ArrayList<>(Tools.few());
        tools.add(Tools.tool("git_blame", "Show what revision and author last modified each line of a file.",
                "repo_path", "file_path"));
        tools.add(Tools.tool("git_merge", "Merges a branch into the current branch.", "repo_path", "branch"));
        tools.add(Tools.tool("git_log", "Shows the commit logs.", "repo_path", "max_count"));
        try (HybridToolIndex index = new HybridToolIndexFactory().index("default", cache)) {
            index.update(tools);
            assertThat(index.dense().awaitIdle(Duration.ofSeconds(150))).isTrue();
            // Neither ranking puts the merge tool first for these (the words are in no tool, the model leans to the log);
            // the exemplars of merging are close to them, and the tools' own words for it find the tool.
            for (String request : List.of("fold hotfix/login into develop", "combine release work back into master")) {
                assertThat(index.searchLexical(request, 1)).doesNotContain("git_merge");
                assertThat(index.searchDense(request, 1)).doesNotContain("git_merge");
                QueryIntents.Intent intent = index.dense().intent(index.dense().embedQuery(request),
                        HybridToolIndex.INTENT_THRESHOLD);
                assertThat(intent).isNotNull();
                assertThat(intent.words()).contains("merge");
                assertThat(index.search(request, 1)).containsExactly("git_merge");
            }
            // A request like no exemplar gets no intent, and is ranked by the two rankings alone.
            float[] nonsense = index.dense().embedQuery("purple elephant symphony");
            assertThat(index.dense().intent(nonsense, HybridToolIndex.INTENT_THRESHOLD)).isNull();
        }
    }
}
