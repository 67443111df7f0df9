package dev.jmcp.toolsearch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class FusionTest {

    private static List<Fusion.Scored> ranking(String... names) {
        return java.util.stream.IntStream.range(0, names.length)
                .mapToObj(i -> new Fusion.Scored(names[i], 10.0 - i)).toList();
    }

    @Test
    void aToolBothRankingsAgreeOnComesFirst() {
        Fusion fusion = new Fusion(Fusion.Method.RRF, 60, 1, 1, 50);
        assertThat(fusion.fuse(ranking("a", "b", "c"), ranking("b", "d", "a"), 10))
                .containsExactly("b", "a", "d", "c");
    }

    @Test
    void weightsDecideBetweenDisagreeingRankings() {
        Fusion lexicalHeavy = new Fusion(Fusion.Method.RRF, 10, 2, 1, 50);
        Fusion denseHeavy = new Fusion(Fusion.Method.RRF, 10, 1, 2, 50);
        assertThat(lexicalHeavy.fuse(ranking("a", "b"), ranking("c", "d"), 1)).containsExactly("a");
        assertThat(denseHeavy.fuse(ranking("a", "b"), ranking("c", "d"), 1)).containsExactly("c");
    }

    @Test
    void tiesKeepTheLexicalOrder() {
        Fusion fusion = new Fusion(Fusion.Method.RRF, 60, 1, 1, 50);
        // a is first lexically, b first densely: equal fused scores; the lexical rank breaks the tie.
        assertThat(fusion.fuse(ranking("a", "b"), ranking("b", "a"), 2)).containsExactly("a", "b");
    }

    @Test
    void oneEmptyRankingLeavesTheOther() {
        Fusion fusion = new Fusion(Fusion.Method.SCORE, 0, 1, 1, 50);
        assertThat(fusion.fuse(ranking("a", "b", "c"), List.of(), 2)).containsExactly("a", "b");
        assertThat(fusion.fuse(List.of(), ranking("x", "y"), 5)).containsExactly("x", "y");
        assertThat(fusion.fuse(List.of(), List.of(), 5)).isEmpty();
    }

    @Test
    void scoreFusionNormalizesEachRanking() {
        Fusion fusion = new Fusion(Fusion.Method.SCORE, 0, 1, 1, 50);
        List<Fusion.Scored> lexical = List.of(new Fusion.Scored("a", 30), new Fusion.Scored("b", 29),
                new Fusion.Scored("c", 1));
        List<Fusion.Scored> dense = List.of(new Fusion.Scored("b", 0.9), new Fusion.Scored("a", 0.5),
                new Fusion.Scored("c", 0.1));
        // b: 0.964 + 1 beats a: 1 + 0.5.
        assertThat(fusion.fuse(lexical, dense, 3)).containsExactly("b", "a", "c");
    }

    @Test
    void onlyTheTopDepthOfEachRankingCounts() {
        Fusion fusion = new Fusion(Fusion.Method.RRF, 60, 1, 1, 2);
        assertThat(fusion.fuse(ranking("a", "b", "c"), List.of(), 10)).containsExactly("a", "b");
    }

    @Test
    void theShippedParametersLoad() {
        assertThat(Fusion.shipped().depth()).isPositive();
    }

    @Test
    void parametersOutOfRangeAreRefused() {
        assertThatThrownBy(() -> new Fusion(Fusion.Method.RRF, 60, -1, 1, 50))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
