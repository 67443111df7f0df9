package dev.jmcp.bench.load;

import java.util.Arrays;

/** Everything measured for one target. {@code startupMillis} holds one figure per start-up run. */
record TargetResult(Target target, double[] startupMillis, Latencies sequential, Latencies concurrent,
                    ServerProcess.Memory memory) {

    double startupMedian() {
        if (startupMillis.length == 0) return Double.NaN;
        double[] sorted = startupMillis.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
