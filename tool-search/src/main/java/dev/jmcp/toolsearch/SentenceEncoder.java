package dev.jmcp.toolsearch;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns text into unit-length vectors with one {@link EmbeddingModel}, in-process on the CPU: the model's own tokenizer
 * (Hugging Face tokenizers), ONNX Runtime, then pooling and normalization. A request is cut to
 * {@link #QUERY_TOKENS} tokens and a tool's text to {@link #PASSAGE_TOKENS}. Thread-safe (ONNX Runtime sessions and
 * the tokenizers are); the owner closes it.
 */
final class SentenceEncoder implements AutoCloseable {

    static final int QUERY_TOKENS = 64;
    static final int PASSAGE_TOKENS = 128;

    private final EmbeddingModel model;
    private final OrtEnvironment environment;
    private final OrtSession session;
    private final HuggingFaceTokenizer queryTokenizer;
    private final HuggingFaceTokenizer passageTokenizer;
    private final boolean typeIds;

    private SentenceEncoder(EmbeddingModel model, OrtEnvironment environment, OrtSession session,
                            HuggingFaceTokenizer queryTokenizer, HuggingFaceTokenizer passageTokenizer) {
        this.model = model;
        this.environment = environment;
        this.session = session;
        this.queryTokenizer = queryTokenizer;
        this.passageTokenizer = passageTokenizer;
        this.typeIds = session.getInputNames().contains("token_type_ids");
    }

    /** Loads the model (seconds); throws on files that are not a usable model. */
    static SentenceEncoder load(EmbeddingModel model, int threads, Path cacheDirectory) throws IOException, OrtException {
        OrtEnvironment environment = OrtEnvironment.getEnvironment();
        OrtSession.SessionOptions options = new OrtSession.SessionOptions();
        options.setIntraOpNumThreads(threads);
        options.setInterOpNumThreads(1);
        options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
        // No arena and no memory patterns: ONNX Runtime then frees a run's buffers after it instead of keeping the
        // largest batch's for ever; that costs little time for a model this small and keeps the memory it adds low.
        options.setCPUArenaAllocator(false);
        options.setMemoryPatternOptimization(false);
        OrtSession session;
        Path file = model.onnxFile() != null ? model.onnxFile() : cached(model, cacheDirectory);
        if (file != null) {
            session = environment.createSession(file.toString(), options);
        } else {
            byte[] bytes;
            try (InputStream in = model.openOnnx()) {
                bytes = in.readAllBytes();
            }
            session = environment.createSession(bytes, options);
        }
        try {
            HuggingFaceTokenizer query = tokenizer(model, QUERY_TOKENS);
            HuggingFaceTokenizer passage = tokenizer(model, PASSAGE_TOKENS);
            return new SentenceEncoder(model, environment, session, query, passage);
        } catch (IOException | RuntimeException e) {
            session.close();
            throw e;
        }
    }

    /**
     * A shipped model's ONNX file copied once into the cache folder, so ONNX Runtime reads it from a file rather than
     * from a 24 MB array on the Java heap; null without a cache folder or when it cannot be written.
     */
    private static Path cached(EmbeddingModel model, Path cacheDirectory) {
        if (cacheDirectory == null) return null;
        try {
            Path folder = Files.createDirectories(cacheDirectory.resolve("models"));
            Path file = folder.resolve(model.onnxResource());
            long size;
            try (InputStream in = model.openOnnx()) {
                if (Files.isRegularFile(file) && Files.size(file) > 0) return file;
                Path partial = Files.createTempFile(folder, model.onnxResource(), ".partial");
                size = Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
                Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            return size > 0 ? file : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static HuggingFaceTokenizer tokenizer(EmbeddingModel model, int maxTokens) throws IOException {
        Map<String, String> options = new HashMap<>();
        options.put("truncation", "true");
        options.put("padding", "false");
        options.put("maxLength", Integer.toString(maxTokens));
        options.put("modelMaxLength", Integer.toString(maxTokens));
        try (InputStream in = model.openTokenizer()) {
            return HuggingFaceTokenizer.newInstance(in, options);
        }
    }

    EmbeddingModel model() {
        return model;
    }

    /**
     * Whether a request is read with the model's query instruction (bge's "Represent this sentence for searching
     * relevant passages: "): it makes a short request about twice as long, so about 40% slower to embed (6 against 9 ms
     * at the median on one busy core), which is most of a search; the fused ranking was as good without it on the
     * evaluation set as a whole (R@1 0.650 against 0.649, R@5 0.860 against 0.867; a little worse on the dev split,
     * better on the test split), so it is off (ranking.properties, queryInstruction).
     */
    static final boolean QUERY_INSTRUCTION = Boolean.parseBoolean(RankingSettings.get("queryInstruction"));

    float[] embedQuery(String query) throws OrtException {
        return embed(queryTokenizer, List.of((QUERY_INSTRUCTION ? model.queryPrefix() : "") + query)).getFirst();
    }

    List<float[]> embedPassages(List<String> passages) throws OrtException {
        List<String> prefixed = new ArrayList<>(passages.size());
        for (String passage : passages) prefixed.add(model.passagePrefix() + passage);
        return embed(passageTokenizer, prefixed);
    }

    private List<float[]> embed(HuggingFaceTokenizer tokenizer, List<String> texts) throws OrtException {
        Encoding[] encodings = tokenizer.batchEncode(texts);
        int length = 1;
        for (Encoding encoding : encodings) length = Math.max(length, encoding.getIds().length);
        long[][] ids = new long[encodings.length][length];
        long[][] mask = new long[encodings.length][length];
        long[][] types = new long[encodings.length][length];
        for (int i = 0; i < encodings.length; i++) {
            long[] tokenIds = encodings[i].getIds();
            long[] attention = encodings[i].getAttentionMask();
            long[] typeIdsOf = encodings[i].getTypeIds();
            System.arraycopy(tokenIds, 0, ids[i], 0, tokenIds.length);
            System.arraycopy(attention, 0, mask[i], 0, attention.length);
            System.arraycopy(typeIdsOf, 0, types[i], 0, typeIdsOf.length);
        }
        Map<String, OnnxTensor> inputs = new HashMap<>();
        try {
            inputs.put("input_ids", OnnxTensor.createTensor(environment, ids));
            inputs.put("attention_mask", OnnxTensor.createTensor(environment, mask));
            if (typeIds) inputs.put("token_type_ids", OnnxTensor.createTensor(environment, types));
            try (OrtSession.Result result = session.run(inputs)) {
                float[][][] tokens = (float[][][]) result.get(0).getValue();
                List<float[]> vectors = new ArrayList<>(tokens.length);
                for (int i = 0; i < tokens.length; i++) vectors.add(normalize(pool(tokens[i], mask[i])));
                return vectors;
            }
        } finally {
            for (OnnxTensor tensor : inputs.values()) tensor.close();
        }
    }

    private float[] pool(float[][] tokens, long[] mask) {
        if (model.pooling() == EmbeddingModel.Pooling.CLS) return tokens[0].clone();
        float[] sum = new float[tokens[0].length];
        int count = 0;
        for (int t = 0; t < tokens.length; t++) {
            if (mask[t] == 0) continue;
            count++;
            for (int d = 0; d < sum.length; d++) sum[d] += tokens[t][d];
        }
        for (int d = 0; d < sum.length; d++) sum[d] /= Math.max(count, 1);
        return sum;
    }

    /** Scales {@code vector} in place to unit length (a zero vector stays zero), and returns it. */
    static float[] normalize(float[] vector) {
        double norm = 0;
        for (float value : vector) norm += value * value;
        float scale = norm == 0 ? 0 : (float) (1 / Math.sqrt(norm));
        for (int d = 0; d < vector.length; d++) vector[d] *= scale;
        return vector;
    }

    @Override
    public void close() {
        queryTokenizer.close();
        passageTokenizer.close();
        try {
            session.close();
        } catch (OrtException e) {
            // Closing releases native memory; a failure leaves nothing to do.
        }
    }
}
