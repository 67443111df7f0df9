package dev.jmcp.bench.codec;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Experimental control for {@link CodecBenchmark#decodeToolsCall}: the same request bytes read into a map tree by a
 * plain Jackson mapper, with and without strict duplicate-name detection (which jmcp's codec turns on). The gap
 * between these and {@code decodeToolsCall} is what jmcp's own envelope reading costs.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class JacksonBaselineBenchmark {
    private final byte[] request = Payloads.toolsCallBytes(42, Payloads.TEXT);
    private final ObjectMapper plain = new ObjectMapper();
    private final ObjectMapper strict = JsonMapper.builder(JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build()).build();

    @Benchmark
    public Object plainMapTree() throws IOException {
        return plain.readValue(request, 0, request.length, Object.class);
    }

    @Benchmark
    public Object strictDuplicatesMapTree() throws IOException {
        return strict.readValue(request, 0, request.length, Object.class);
    }
}
