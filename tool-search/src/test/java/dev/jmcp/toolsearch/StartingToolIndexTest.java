package dev.jmcp.toolsearch;

import dev.jmcp.server.toolsearch.ToolIndex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The index the factory returns at once, made on a thread of its own: updates meanwhile, a failure, an early close. */
@Timeout(60)
class StartingToolIndexTest {

    @Test
    void theFactoryAnswersAtOnceAndTheLastUpdateGivenMeanwhileIsTheOneSearched() throws Exception {
        var release = new CountDownLatch(1);
        try (var index = new StartingToolIndex(() -> {
            await(release);
            return new HybridToolIndexFactory().index("none", null);
        })) {
            assertThat(index.describe()).isEqualTo("starting");
            index.update(List.of(Tools.tool("old_tool", "Something else entirely.")));
            index.update(Tools.few());
            release.countDown();
            assertThat(index.search("slack", 1)).containsExactly("slack_post_message");
            assertThat(index.search("something else entirely", 5)).doesNotContain("old_tool");
            assertThat(index.describe()).isEqualTo("bm25");
            index.update(List.of(Tools.tool("calendar_create_event", "Create a calendar event.", "start")));
            assertThat(index.search("calendar event", 1)).containsExactly("calendar_create_event");
        }
        try (ToolIndex index = new HybridToolIndexFactory().create("none", null)) {
            index.update(Tools.few());
            assertThat(index.search("read a file", 1)).containsExactly("fs_read_file");
        }
    }

    @Test
    void anIndexThatCouldNotBeMadeFailsEachSearchWithTheReason() {
        try (var index = new StartingToolIndex(() -> {
            throw new IllegalStateException("no room for the index");
        })) {
            index.update(Tools.few());
            assertThatThrownBy(() -> index.search("slack", 1)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("could not be made").hasMessageContaining("no room for the index");
            assertThat(index.describe()).isEqualTo("failed to start");
        }
    }

    @Test
    void anIndexMadeAfterItWasClosedIsClosedToo() throws Exception {
        var release = new CountDownLatch(1);
        var real = new java.util.concurrent.atomic.AtomicReference<HybridToolIndex>();
        var index = new StartingToolIndex(() -> {
            await(release);
            HybridToolIndex made = new HybridToolIndexFactory().index("none", null);
            real.set(made);
            return made;
        });
        index.close();
        release.countDown();
        assertThatThrownBy(() -> index.search("slack", 1)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
        assertThatThrownBy(() -> real.get().search("slack", 1)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
