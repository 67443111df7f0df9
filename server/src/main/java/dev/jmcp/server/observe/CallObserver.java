package dev.jmcp.server.observe;

import java.util.List;

/**
 * Told of every request the server serves, on either wire and every transport. {@link #start} runs on the thread that
 * runs the request's handler, just before it, so an observer may make its own context current there (a trace span)
 * and the handler's own calls (plugins, mounted servers, requests to the client) see it; the returned
 * {@link CallSpan} is ended exactly once, on the same thread, with the request's one answer. Implementations must be
 * thread-safe, fast, and must not throw: a failing observer is logged and skipped, never the call's problem.
 */
@FunctionalInterface
public interface CallObserver {
    /** Observes nothing, at no cost: the default. */
    CallObserver NONE = call -> CallSpan.NONE;

    CallSpan start(CallInfo call);

    /**
     * One observer telling each of {@code observers} in turn, each on its own: one that throws is logged and skipped,
     * the others still see the call. {@link #NONE} when there are none.
     */
    static CallObserver of(List<CallObserver> observers) {
        var all = observers.stream().filter(o -> o != NONE).toList();
        if (all.isEmpty()) return NONE;
        if (all.size() == 1) return all.getFirst();
        return call -> {
            var spans = new CallSpan[all.size()];
            for (int i = 0; i < spans.length; i++) {
                try {
                    spans[i] = all.get(i).start(call);
                } catch (RuntimeException e) {
                    Observers.log.warn("a call observer failed at the start of {} {}", call.method(), call.id(), e);
                    spans[i] = CallSpan.NONE;
                }
            }
            return outcome -> {
                for (int i = spans.length - 1; i >= 0; i--) {
                    try {
                        spans[i].end(outcome);
                    } catch (RuntimeException e) {
                        Observers.log.warn("a call observer failed at the end of {} {}", call.method(), call.id(), e);
                    }
                }
            };
        };
    }
}

final class Observers {
    static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(CallObserver.class);

    private Observers() {
    }
}
