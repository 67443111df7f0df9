package dev.jmcp.bench.load;

import java.util.Arrays;

/**
 * The outcome of one measured phase: how many requests were answered, in how long, and each one's latency (send to
 * answer, nanoseconds). Immutable once built.
 */
public record Latencies(int requested, int answered, long elapsedNanos, long[] nanos) {

    public double throughput() {
        return elapsedNanos == 0 ? 0 : answered / (elapsedNanos / 1e9);
    }

    /** The latency at quantile {@code q} (0..1) in microseconds, nearest-rank; NaN when nothing was answered. */
    public double percentileMicros(double q) {
        if (answered == 0) return Double.NaN;
        long[] sorted = Arrays.copyOf(nanos, answered);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(q * answered) - 1;
        return sorted[Math.clamp(rank, 0, answered - 1)] / 1e3;
    }

    public boolean complete() {
        return answered == requested;
    }
}
