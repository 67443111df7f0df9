package dev.jmcp.server.plugins;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The back-off of a plugin not ready in time: the wait doubles up to its bound. (A mount whose server comes late,
 * served once it listens, is the HTTP module's {@code SlowStartRetryTest}.)
 */
class RetryBackOffTest {
    @Test
    void theBackOffDoublesAndNeverPassesItsBound() {
        Duration wait = PluginHost.RETRY_FIRST;
        var waits = new ArrayList<Duration>();
        for (int i = 0; i < 10; i++) {
            waits.add(wait);
            wait = PluginHost.nextWait(wait, PluginHost.RETRY_MAX);
        }
        assertThat(waits).extracting(Duration::toMillis).containsExactly(500L, 1000L, 2000L, 4000L, 8000L, 16000L,
                30000L, 30000L, 30000L, 30000L);
    }
}
