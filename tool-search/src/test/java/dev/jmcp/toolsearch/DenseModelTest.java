package dev.jmcp.toolsearch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The shipped model really loaded from its files and run, through the factory as the server uses it. */
@Timeout(120)
class DenseModelTest {

    @TempDir
    Path cache;

    @Test
    void theShippedModelEmbedsAndAChineseRequestFindsAnEnglishTool() throws Exception {
        try (HybridToolIndex index = new HybridToolIndexFactory().index("default", cache)) {
            index.update(Tools.few());
            assertThat(index.dense().awaitIdle(Duration.ofSeconds(90))).isTrue();
            assertThat(index.describe()).isEqualTo("bm25+dense(" + EmbeddingModel.DEFAULT + ")");
            // No word of this request is in any tool or glossary: only the model can find the weather tool.
            assertThat(index.searchLexical("is it going to be sunny this weekend", 3)).isEmpty();
            assertThat(index.searchDense("is it going to be sunny this weekend", 1))
                    .containsExactly("weather_get_forecast");
            // A Chinese request: the model reads its glossary translation, and both rankings agree.
            assertThat(index.searchDense("明天北京会下雨吗", 1)).containsExactly("weather_get_forecast");
            assertThat(index.search("明天北京会下雨吗", 1)).containsExactly("weather_get_forecast");
            assertThat(index.search("给团队频道发一条消息", 1)).containsExactly("slack_post_message");
            assertThat(index.search("will it rain tomorrow", 1)).containsExactly("weather_get_forecast");
        }
    }

    @Test
    void vectorsAreUnitLengthAndSimilarTextsAreClose() throws Exception {
        EmbeddingModel model = EmbeddingModel.shipped(EmbeddingModel.DEFAULT);
        try (SentenceEncoder encoder = SentenceEncoder.load(model, 1, cache)) {
            List<float[]> vectors = encoder.embedPassages(List.of("the weather forecast", "weather report for today",
                    "delete a database table"));
            double norm = 0;
            for (float v : vectors.get(0)) norm += v * v;
            assertThat(norm).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-3));
            assertThat(dot(vectors.get(0), vectors.get(1))).isGreaterThan(dot(vectors.get(0), vectors.get(2)));
            assertThat(encoder.embedQuery("x".repeat(100_000))).hasSize(vectors.get(0).length);
        }
    }

    @Test
    void anUpdateEmbedsOnlyWhatChanged() throws Exception {
        try (HybridToolIndex index = new HybridToolIndexFactory().index("default", cache)) {
            index.update(Tools.few());
            assertThat(index.dense().awaitIdle(Duration.ofSeconds(90))).isTrue();
            float[] before = index.dense().vector(index.hashes().get("github_create_issue"));
            List<dev.jmcp.server.toolsearch.SearchableTool> next = new java.util.ArrayList<>(Tools.few());
            next.add(Tools.tool("calendar_create_event", "Create a calendar event.", "start"));
            index.update(next);
            assertThat(index.dense().awaitIdle(Duration.ofSeconds(90))).isTrue();
            assertThat(index.dense().vector(index.hashes().get("github_create_issue"))).isSameAs(before);
            assertThat(index.dense().vector(index.hashes().get("calendar_create_event"))).isNotNull();
            assertThat(index.search("安排一个会议日程", 1)).containsExactly("calendar_create_event");
        }
    }

    private static double dot(float[] a, float[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) sum += a[i] * b[i];
        return sum;
    }
}
