package dev.jmcp.toolsearch;

import dev.jmcp.server.toolsearch.SearchableTool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

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
    void withoutSomeOperationsKeepsTheOthersExemplarsInTheirOrder() throws Exception {
        QueryIntents intents = QueryIntents.parse(new StringReader("""
                merge branch into current\tfold it in
                git blame line author\twho wrote this line
                merge branch into current\tbring feature into main
                log commit history list\twhat happened lately
                """));
        assertThat(intents.concepts()).containsExactly("merge branch into current", "git blame line author",
                "log commit history list");
        QueryIntents without = intents.without(Set.of("git blame line author"));
        assertThat(without.concepts()).containsExactly("merge branch into current", "log commit history list");
        assertThat(without.size()).isEqualTo(3);
        assertThat(without.embedded()).isFalse();
        assertThat(intents.without(Set.of("no such operation")).size()).isEqualTo(4);
        assertThat(intents.size()).isEqualTo(4);
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
    void theClassifierLearnsEveryExemplarAndIsTheSameOnEveryRun() {
        // Two operations in a plane; the third exemplar of the first lies nearer the second one's mean than its own.
        float[][] samples = {unit(1, 0.1f), unit(1, 0.3f), unit(0.57f, 0.82f), unit(0.1f, 1), unit(0.3f, 1)};
        int[] labels = {0, 0, 0, 1, 1};
        float[][] weights = QueryIntents.train(samples, labels, 2, QueryIntents.EPOCHS);
        for (int i = 0; i < samples.length; i++) {
            double zero = dot(weights[0], samples[i]);
            double one = dot(weights[1], samples[i]);
            assertThat(labels[i] == 0 ? zero > one : one > zero).as("exemplar %d", i).isTrue();
        }
        assertThat(QueryIntents.train(samples, labels, 2, QueryIntents.EPOCHS)).isDeepEqualTo(weights);
    }

    private static float[] unit(float x, float y) {
        float norm = (float) Math.sqrt(x * x + y * y);
        return new float[] {x / norm, y / norm};
    }

    private static double dot(float[] a, float[] b) {
        return a[0] * b[0] + a[1] * b[1];
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
            // the classifier says they ask for merging, and the tools' own words for it find the tool. The first could
            // also be a pull request (its second intent), so there the merge tool need only be among the first two.
            for (String request : List.of("fold hotfix/login into develop", "combine release work back into master")) {
                assertThat(index.searchLexical(request, 1)).doesNotContain("git_merge");
                assertThat(index.searchDense(request, 1)).doesNotContain("git_merge");
                List<QueryIntents.Intent> intents = index.dense().intents(index.dense().embedQuery(request),
                        HybridToolIndex.INTENT_COUNT, HybridToolIndex.INTENT_MINIMUM);
                assertThat(intents).isNotEmpty();
                assertThat(intents.getFirst().words()).contains("merge");
                assertThat(intents.getFirst().probability()).isGreaterThan(0.3);
                assertThat(index.search(request, 2)).contains("git_merge");
            }
            assertThat(index.search("combine release work back into master", 1)).containsExactly("git_merge");
            // A request like no exemplar gets no operation it is sure of, and is ranked by the two rankings alone.
            float[] nonsense = index.dense().embedQuery("purple elephant symphony");
            assertThat(index.dense().intents(nonsense, HybridToolIndex.INTENT_COUNT, 0.5)).isEmpty();
        }
    }

    @Test
    @Timeout(180)
    void anIndexGivenNoIntentsRanksByItsTwoRankingsAlone() throws Exception {
        try (HybridToolIndex index = new HybridToolIndexFactory().index("default", cache, () -> null)) {
            index.update(Tools.few());
            assertThat(index.dense().awaitIdle(Duration.ofSeconds(150))).isTrue();
            String request = "fold hotfix/login into develop";
            assertThat(index.dense().intents(index.dense().embedQuery(request), HybridToolIndex.INTENT_COUNT, 0))
                    .isEmpty();
            assertThat(index.search(request, 3)).hasSize(3);
        }
    }

    @Test
    @Timeout(300)
    void theTrainedClassifierIsKeptInTheCacheAndReadByTheNextStartUnlessItsFileIsDamaged() throws Exception {
        try (SentenceEncoder encoder = SentenceEncoder.load(EmbeddingModel.shipped(EmbeddingModel.DEFAULT), 1, cache)) {
            float[] request = encoder.embedQuery("fold hotfix/login into develop");
            QueryIntents first = QueryIntents.shipped();
            assertThat(first.prepare(encoder, cache)).as("trained the first time").isFalse();
            List<Path> files;
            try (var listing = Files.list(cache.resolve("intents"))) {
                files = listing.toList();
            }
            assertThat(files).hasSize(1);
            Path file = files.getFirst();

            QueryIntents second = QueryIntents.shipped();
            assertThat(second.prepare(encoder, cache)).as("read the second time").isTrue();
            assertThat(second.likely(request, 2, 0)).usingRecursiveFieldByFieldElementComparator()
                    .isEqualTo(first.likely(request, 2, 0));

            // A file cut short (a disk that filled up, say) is not used: the classifier is trained and written again.
            byte[] whole = Files.readAllBytes(file);
            Files.write(file, java.util.Arrays.copyOf(whole, whole.length / 2));
            QueryIntents third = QueryIntents.shipped();
            assertThat(third.prepare(encoder, cache)).isFalse();
            assertThat(third.likely(request, 1, 0).getFirst().words()).contains("merge");
            assertThat(Files.readAllBytes(file)).isEqualTo(whole);
        }
    }
}
