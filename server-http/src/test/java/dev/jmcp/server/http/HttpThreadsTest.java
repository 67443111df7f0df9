package dev.jmcp.server.http;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The HTTP server's platform threads after a burst: a hundred clients abusing streams can grow its pool, and the threads
 * the burst added must end once idle, not linger for hours (Jetty's default ends one idle thread a minute).
 */
@Timeout(90)
class HttpThreadsTest {
    /** Idle threads end after 10 s; a loaded machine gets some slack. */
    private static final int RECLAIMED_WITHIN_SECONDS = 40;

    private HttpFixture fixture;

    @AfterEach
    void stop() {
        if (fixture != null) fixture.close();
    }

    @Test
    void threadsABurstAddedEndOnceIdle() throws Exception {
        fixture = new HttpFixture();
        var pool = fixture.transport.threads();
        int before = pool.getThreads();
        int burst = 40;
        var started = new CountDownLatch(burst);
        var release = new CountDownLatch(1);
        for (int i = 0; i < burst; i++) {
            pool.execute(() -> {
                started.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        assertThat(started.await(20, TimeUnit.SECONDS)).as("the burst got its threads").isTrue();
        // Idle threads the pool had take some of the burst; the rest are new.
        assertThat(pool.getThreads()).isGreaterThanOrEqualTo(before + burst / 2);
        release.countDown();

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(RECLAIMED_WITHIN_SECONDS);
        var never = new CountDownLatch(1);
        while (pool.getThreads() > before + 2 && System.nanoTime() < deadline) {
            assertThat(never.await(200, TimeUnit.MILLISECONDS)).isFalse();   // a bounded pause between looks
        }
        assertThat(pool.getThreads()).as("threads %d s after the burst (%d before it)", RECLAIMED_WITHIN_SECONDS,
                before).isLessThanOrEqualTo(before + 2);
    }
}
