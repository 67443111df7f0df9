package dev.jmcp.bench.load;

import java.util.Arrays;

/** Everything measured for one target. {@code startupMillis} holds one figure per start-up run. */
record TargetResult(Target target, double[] startupMillis, double[] toolsListMillis, Latencies sequential, Latencies concurrent,
                    ServerProcess.Memory memory, Extra extra) {

    /**
     * The server's CPU per call in the sequential and the concurrent phase (µs, NaN when not measured), and the
     * sessions phase: how many opened, per second (the median of its rounds, each round's in {@code sessionRounds}),
     * the resident memory they added (KiB per session) and the server's CPU per session opened (µs, the median of the
     * rounds'). Each CPU figure has its HotSpot JIT compilers' part beside it (µs, NaN for a server that is no HotSpot
     * JVM or when not measured).
     */
    record Extra(double seqCpuMicros, double concurrentCpuMicros, int sessions, double sessionsPerSecond, double kibPerSession,
                 double sessionCpuMicros, double seqJitMicros, double concurrentJitMicros, double sessionJitMicros,
                 double[] sessionRounds) {
        static final Extra NONE = new Extra(Double.NaN, Double.NaN, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, new double[0]);
    }

    double startupMedian() {
        return median(startupMillis);
    }

    /** Spawn to the answer of the {@code tools/list} sent right after {@code initialize}, median. */
    double toolsListMedian() {
        return median(toolsListMillis);
    }

    static double median(double[] values) {
        if (values.length == 0) return Double.NaN;
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
