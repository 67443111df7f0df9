package dev.jmcp.bench.engine;

import dev.jmcp.bench.codec.Payloads;

import java.nio.charset.StandardCharsets;

/**
 * One client's {@code tools/call} requests of the echo tool, each with an id of its own, as MCP requires ("MUST NOT
 * have been previously used by the requestor within the same session"): the ids are {@code first},
 * {@code first + step}, ..., written into one byte array in place, so the measured path allocates nothing for them.
 * Every id has nine digits, so the request keeps its length; {@code step} is the number of answer slots of the
 * {@link MemoryConnection}, so every id of this client falls in its slot ({@code id % step}). Not thread-safe: one per
 * client thread.
 *
 * <p>Why not the same id again once its answer is in: the server frees a request's id when its handler has ended,
 * which is just after the answer was sent, so a client that sends the same id at once may be refused as a duplicate
 * in flight, and a benchmark doing so measures those refusals.
 */
final class EchoCalls {
    private static final long BASE = 100_000_000L;

    private final byte[] bytes;
    private final int[] idAt;
    private final int step;
    private long id;

    /** Requests whose ids start at the nine-digit number of slot {@code slot} and go on by {@code step}. */
    EchoCalls(int slot, int step) {
        this.step = step;
        this.id = BASE - BASE % step + step + slot;
        String text = Payloads.toolsCall(id, Payloads.TEXT);
        bytes = text.getBytes(StandardCharsets.US_ASCII);
        String digits = Long.toString(id);
        int first = text.indexOf(digits);
        int second = text.indexOf(digits, first + 1);
        if (first < 0 || second < 0) throw new IllegalStateException("the request carries its id twice: " + text);
        idAt = new int[] {first, second};
    }

    /** The id of the request {@link #bytes()} holds now. */
    long id() {
        return id;
    }

    /** The current request (one array, rewritten by {@link #advance()}). */
    byte[] bytes() {
        return bytes;
    }

    /** Moves to the next id, rewriting its digits (id and progress token) in place. */
    void advance() {
        id += step;
        long value = id;
        for (int i = 8; i >= 0; i--) {
            byte digit = (byte) ('0' + value % 10);
            for (int at : idAt) bytes[at + i] = digit;
            value /= 10;
        }
        if (value != 0) throw new IllegalStateException("ids past nine digits");
    }
}
