package dev.jmcp.server.mount;

import dev.jmcp.client.McpErrorException;
import dev.jmcp.plugin.ClientRequestException;
import dev.jmcp.plugin.InputRequest;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One call forwarded to a mounted server, seen from the thread that serves it to jmcp's client (the handler thread).
 * The call itself runs on a worker thread; the handler thread waits on an inbox for its outcome and for the mounted
 * server's questions (sampling, elicitation, roots), which it asks through the call's {@link RequestContext} on its
 * own thread: in 2026-07-28 that ends the handler with {@code input_required}, which must leave from the handler
 * thread. Cancellation of the handler thread interrupts the worker, which makes the client send
 * {@code notifications/cancelled}. Thread-safe: the worker, the client's threads and the handler thread share it.
 */
final class Forwarding {
    /** Something the handler thread must act on. */
    private sealed interface Event {
    }

    private record Done(Object value) implements Event {
    }

    private record Failed(Throwable error) implements Event {
    }

    /** A question of the mounted server, answered by the handler thread through the context. */
    static final class Ask implements Event {
        /**
         * One request of a stateful session, a whole input round of 2026-07-28 (a key → InputRequest map), or the
         * news that the mounted server made the call a task (so jmcp's call may become one too).
         */
        enum Kind { SAMPLE, ELICIT, ROOTS, INPUTS, START_TASK }

        private final Kind kind;
        private final Object request;
        private final CountDownLatch answered = new CountDownLatch(1);
        private volatile Object answer;
        private volatile RuntimeException error;

        Ask(Kind kind, Object request) {
            this.kind = kind;
            this.request = request;
        }

        /** Waits for the answer (bounded); throws what the mounted server is to be told. */
        Object await(Duration timeout) throws InterruptedException {
            if (!answered.await(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                throw new McpErrorException(ErrorCodes.INTERNAL_ERROR, "the client did not answer in time", null);
            }
            if (error != null) throw error;
            return answer;
        }

        private void answer(Object value) {
            answer = value;
            answered.countDown();
        }

        private void refuse(int code, String message) {
            error = new McpErrorException(code, message, null);
            answered.countDown();
        }
    }

    @FunctionalInterface
    interface Remote<T> {
        T run() throws Exception;
    }

    /** The call a worker thread runs: a question asked on it belongs to that call and no other. */
    private static final ScopedValue<Forwarding> RUNNING = ScopedValue.newInstance();

    private final RequestContext context;
    private final Duration askTimeout;
    private final BlockingQueue<Event> inbox = new LinkedBlockingQueue<>();
    private volatile boolean ended;
    /** When the call ended, by {@link System#nanoTime()}; meaningful once {@link #ended} is set. */
    private volatile long endedAt;
    /** The thread the call runs on, once started. */
    private volatile Thread worker;

    Forwarding(RequestContext context, Duration askTimeout) {
        this.context = context;
        this.askTimeout = askTimeout;
    }

    RequestContext context() {
        return context;
    }

    /** The call the current thread runs for, when it is a forwarding's worker (a question asked in its request). */
    static Forwarding running() {
        return RUNNING.isBound() ? RUNNING.get() : null;
    }

    /** True when {@code thread} is the one this call runs on. */
    boolean runsOn(Thread thread) {
        return thread != null && thread == worker;
    }

    /** The call has its answer: no more questions go to it. */
    void end() {
        endedAt = System.nanoTime();
        ended = true;
    }

    boolean ended() {
        return ended;
    }

    /** True while the call runs, and for {@code linger} after it ended (by {@link System#nanoTime()} {@code now}). */
    boolean within(long now, Duration linger) {
        return !ended || now - endedAt <= linger.toNanos();
    }

    /** Hands a question of the mounted server to the handler thread. */
    void ask(Ask ask) {
        inbox.add(ask);
    }

    /**
     * Runs {@code remote} on a worker thread and serves the questions it raises until it ends; returns its value or
     * throws what it threw. Interruption of this thread interrupts the worker and throws InterruptedException.
     */
    @SuppressWarnings("unchecked")
    <T> T run(String name, Remote<T> remote) throws Exception {
        Thread worker = Thread.ofVirtual().name("jmcp-mount-call-" + name).unstarted(() -> {
            try {
                inbox.add(new Done(ScopedValue.where(RUNNING, this).call(remote::run)));
            } catch (Throwable e) {
                inbox.add(new Failed(e));
            }
        });
        this.worker = worker;
        worker.start();
        try {
            while (true) {
                switch (inbox.take()) {
                    case Done done -> {
                        return (T) done.value();
                    }
                    case Failed failed -> {
                        if (failed.error() instanceof Exception e) throw e;
                        if (failed.error() instanceof Error e) throw e;
                        throw new IllegalStateException(failed.error());
                    }
                    case Ask ask -> answer(ask, worker);
                }
            }
        } catch (InterruptedException e) {
            worker.interrupt();
            throw e;
        } finally {
            // Questions still queued get an answer, so no thread of the client waits for nothing.
            for (Event left; (left = inbox.poll()) != null; ) {
                if (left instanceof Ask ask) ask.refuse(ErrorCodes.INTERNAL_ERROR, "the call has ended");
            }
        }
    }

    private void answer(Ask ask, Thread worker) {
        try {
            ask.answer(switch (ask.kind) {
                case SAMPLE -> context.sample((CreateMessageRequest) ask.request, askTimeout);
                case ELICIT -> context.elicit((ElicitRequest) ask.request, askTimeout);
                case ROOTS -> context.roots(askTimeout);
                case START_TASK -> {
                    context.startTask();
                    yield Boolean.TRUE;
                }
                case INPUTS -> {
                    @SuppressWarnings("unchecked")
                    var requests = (java.util.Map<String, InputRequest>) ask.request;
                    yield context.requestInputs(requests, askTimeout);
                }
            });
        } catch (ClientRequestException e) {
            if (e.reason() != ClientRequestException.Reason.CANCELLED) {
                ask.refuse(e.reason() == ClientRequestException.Reason.NOT_SUPPORTED ? ErrorCodes.METHOD_NOT_FOUND
                        : ErrorCodes.INTERNAL_ERROR, e.getMessage());
                return;
            }
            // The call asking ends: cancelled, or in 2026-07-28 ended by the context to ask jmcp's client
            // (input_required). The mounted call is abandoned, and asked again, answer in hand, on the client's retry.
            abandon(ask, worker, e.getMessage());
            throw e;
        } catch (RuntimeException | Error e) {
            abandon(ask, worker, "the question goes to the client; the call will be retried");
            throw e;
        }
    }

    /** The mounted call is given up: its question refused, its worker interrupted. */
    private static void abandon(Ask ask, Thread worker, String why) {
        ask.refuse(ErrorCodes.INTERNAL_ERROR, why);
        worker.interrupt();
    }
}
