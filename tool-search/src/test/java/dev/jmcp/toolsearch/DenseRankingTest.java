package dev.jmcp.toolsearch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The dense ranking's arithmetic: its dot product, its choice of the best few, and the vectors it reads. */
class DenseRankingTest {

    @TempDir
    Path cache;

    @Test
    void theDotProductIsTheOneSumWrittenOut() {
        Random random = new Random(7);
        for (int length : new int[] {0, 1, 3, 4, 5, 384, 387}) {
            float[] q = new float[length];
            float[] v = new float[length + 2];  // longer than the request's: only the request's length counts
            for (int d = 0; d < v.length; d++) v[d] = random.nextFloat() - 0.5f;
            double expected = 0;
            for (int d = 0; d < length; d++) {
                q[d] = random.nextFloat() - 0.5f;
                expected += q[d] * v[d];
            }
            assertThat(DenseIndex.dot(q, v)).as("length %d", length).isCloseTo(expected, within(1e-9));
        }
    }

    @Test
    void aToolsVectorIsItsWholeTextsAndItsSummarysMixedToUnitLength() {
        List<float[]> mixed = DenseIndex.mixed(List.of(new float[] {1, 0, 0}, new float[] {0, 0, 0}),
                List.of(new float[] {0, 1, 0}, new float[] {0, 0, 0}), 0.5f);
        float norm = (float) Math.sqrt(1 + 0.25);
        assertThat(mixed.get(0)).containsExactly(new float[] {1 / norm, 0.5f / norm, 0}, within(1e-6f));
        assertThat(mixed.get(1)).containsExactly(0, 0, 0);  // nothing to scale: no division by zero
    }

    @Test
    void theBestAreThoseAFullStableSortPutsFirst() {
        Random random = new Random(11);
        for (int round = 0; round < 200; round++) {
            int size = 1 + random.nextInt(300);
            // Few distinct values, so that many scores are equal: those keep their order.
            double[] scores = random.doubles(size).map(x -> Math.floor(x * 12) / 12).toArray();
            int count = 1 + random.nextInt(size + 5);
            int[] sorted = IntStream.range(0, size).boxed()
                    .sorted(Comparator.comparingDouble((Integer i) -> scores[i]).reversed())
                    .mapToInt(Integer::intValue).limit(count).toArray();
            assertThat(DenseIndex.best(scores, Math.min(count, size))).as("round %d", round).containsExactly(sorted);
        }
    }

    @Test
    void aRankingReadsTheVectorsTheDocumentsHaveAndKeepsEqualScoresInTheirOrder() {
        try (DenseIndex dense = new DenseIndex(EmbeddingModel.shipped(EmbeddingModel.DEFAULT), 1, cache, () -> null)) {
            List<ToolDocument> documents = Tools.few().stream().map(ToolDocument::of).toList();
            float[] near = {1, 0, 0};
            float[] far = {0, 1, 0};
            dense.seed(documents.get(0).hash(), far);
            dense.seed(documents.get(1).hash(), near);
            dense.seed(documents.get(2).hash(), near);
            long version = dense.version();
            DenseIndex.Vectors vectors = dense.vectors(documents);
            assertThat(vectors.version()).isEqualTo(version);
            assertThat(vectors.names()).containsExactly(documents.get(0).name(), documents.get(1).name(),
                    documents.get(2).name());  // the others have no vector yet

            assertThat(dense.rank(near, vectors, 5)).extracting(Fusion.Scored::name)
                    .containsExactly(documents.get(1).name(), documents.get(2).name(), documents.get(0).name());
            assertThat(dense.rank(near, vectors, 1)).extracting(Fusion.Scored::name)
                    .containsExactly(documents.get(1).name());
            assertThat(dense.rank(near, vectors, 0)).isEmpty();

            dense.seed(documents.get(3).hash(), near);
            assertThat(dense.version()).isNotEqualTo(vectors.version());
        }
    }
}
