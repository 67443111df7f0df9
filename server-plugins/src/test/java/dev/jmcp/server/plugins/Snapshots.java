package dev.jmcp.server.plugins;

import dev.jmcp.server.registry.Registry;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;

/** The snapshots a host publishes, queued so a test can wait (with a deadline) for the one it expects. */
final class Snapshots implements Consumer<Registry> {
    static final Duration DEADLINE = Duration.ofSeconds(15);

    private final BlockingQueue<Registry> queue = new LinkedBlockingQueue<>();

    @Override
    public void accept(Registry registry) {
        queue.add(registry);
    }

    /** The next published snapshot. */
    Registry next() throws InterruptedException {
        return await(registry -> true);
    }

    /** The first published snapshot that passes {@code test}, skipping (and dropping) the others. */
    Registry await(Predicate<Registry> test) throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (true) {
            Registry next = queue.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (next == null) throw new AssertionError("no matching snapshot published within " + DEADLINE);
            if (test.test(next)) return next;
        }
    }
}
