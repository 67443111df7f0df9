package dev.jmcp.toolsearch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static dev.jmcp.toolsearch.Tools.tool;
import static org.assertj.core.api.Assertions.assertThat;

@Timeout(60)
class TyposTest {

    @Test
    void aSwapOfTwoLettersIsOneEditAsTheAutomatonCountsIt() {
        assertThat(Typos.distance("forecast", "forecast")).isZero();
        assertThat(Typos.distance("forcast", "forecast")).isEqualTo(1);     // a letter left out
        assertThat(Typos.distance("forecasst", "forecast")).isEqualTo(1);   // one too many
        assertThat(Typos.distance("forecsat", "forecast")).isEqualTo(1);    // two swapped
        assertThat(Typos.distance("wheather", "weather")).isEqualTo(1);
        assertThat(Typos.distance("scrennshot", "screenshot")).isEqualTo(1); // a letter changed
        assertThat(Typos.distance("scrennshto", "screenshot")).isEqualTo(2); // and two swapped
        assertThat(Typos.distance("abc", "")).isEqualTo(3);
        assertThat(Typos.distance("ca", "abc")).isEqualTo(3);               // no swap once a letter sits between
    }

    @Test
    void theNearerNeighbourOfAMistypedWordRanksFirst() {
        // "zorblaxx" is one edit from "zorblax" and two from "zorbax": both are found, the nearer counts more.
        try (HybridToolIndex index = new HybridToolIndexFactory().index("none", null)) {
            index.update(List.of(tool("zorbax_run", "Runs zorbax."), tool("zorblax_run", "Runs zorblax."),
                    tool("other", "Does something else entirely.")));
            assertThat(index.search("zorblaxx", 3)).containsExactly("zorblax_run", "zorbax_run");
        }
    }

    @Test
    void wordsTooShortAreTakenAsTyped() {
        try (HybridToolIndex index = new HybridToolIndexFactory().index("none", null)) {
            index.update(List.of(tool("list_pods", "Lists pods."), tool("other", "Does something else entirely.")));
            assertThat(index.search("podz", 3)).isEmpty();      // four letters: too close to too many words
            assertThat(index.search("listz", 3)).containsExactly("list_pods");
        }
    }
}
