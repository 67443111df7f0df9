package dev.jmcp.server.registry;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class LeaseTest {

    @Test
    void aRetiredLeaseLetsNoCallInAndReportsWhenItsLastCallLeft() {
        var lease = new Lease("p");
        assertThat(lease.enter()).isTrue();
        assertThat(lease.enter()).isTrue();
        assertThat(lease.retire()).as("calls are inside").isFalse();
        assertThat(lease.enter()).isFalse();
        assertThat(lease.idle()).isFalse();
        assertThat(lease.exit()).isFalse();
        assertThat(lease.exit()).as("the last call left").isTrue();
        assertThat(lease.idle()).isTrue();
        assertThat(lease.retire()).as("retiring again reports nothing").isFalse();
    }

    @Test
    void retiringAnIdleLeaseReportsAtOnce() {
        var lease = new Lease("p");
        assertThat(lease.retire()).isTrue();
        assertThat(lease.idle()).isTrue();
    }

    @Test
    void anExitWithoutEnterIsRefusedNamingThePlugin() {
        var lease = new Lease("weather");
        assertThatThrownBy(lease::exit).isInstanceOf(IllegalStateException.class).hasMessageContaining("weather");
    }

    @Test
    void exactlyOneOfManyRacingCallsAndTheRetireSeesTheEnd() throws Exception {
        for (int round = 0; round < 50; round++) {
            var lease = new Lease("p");
            var ends = new AtomicInteger();
            var start = new CountDownLatch(1);
            var threads = new ArrayList<Thread>();
            for (int i = 0; i < 16; i++) {
                threads.add(Thread.ofVirtual().start(() -> {
                    try {
                        start.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                    for (int n = 0; n < 100 && lease.enter(); n++) {
                        if (lease.exit()) ends.incrementAndGet();
                    }
                }));
            }
            start.countDown();
            if (lease.retire()) ends.incrementAndGet();
            for (Thread thread : threads) assertThat(thread.join(Duration.ofSeconds(10))).isTrue();
            assertThat(lease.idle()).isTrue();
            assertThat(ends).hasValue(1);
        }
    }
}
