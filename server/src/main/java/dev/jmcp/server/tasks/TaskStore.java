package dev.jmcp.server.tasks;

import dev.jmcp.protocol.json.JsonCodec;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The tasks this server keeps: at most {@code capacity} of them, each shown for its time to live. Ids are 128 random
 * bits from {@link SecureRandom}, so one client cannot guess another's task.
 *
 * <p>A task counts against the capacity while the store shows it and, after that, for as long as its work still runs
 * ({@link Task#workEnded} not called yet): a cancelled task whose handler ignores the interrupt keeps its place, so
 * cancelling never makes room for more running handlers. A full store makes room by forgetting its oldest task whose
 * work has ended, and refuses a new one when none has.
 *
 * <p>A task expires when its time to live has passed, measured by a virtual thread per task from its creation (and,
 * by the store's clock, whenever the store is used): it is forgotten and its work cancelled. {@link #close} cancels
 * every task and refuses new ones. Owned by the engine for its lifetime; thread-safe (one monitor, taken before a
 * task's).
 */
public final class TaskStore implements AutoCloseable {
    private static final JsonCodec CODEC = JsonCodec.shared();
    private static final Base64.Encoder ID = Base64.getUrlEncoder().withoutPadding();

    private final int capacity;
    private final Duration ttl;
    private final Duration pollInterval;
    private final Clock clock;
    /** Made on first use, not with the store: a server that never runs a task never starts the generator. */
    private static final class Ids {
        static final SecureRandom RANDOM = new SecureRandom();
    }
    /** The tasks a client can reach by id. Guarded by this. */
    private final Map<String, Task> shown = new LinkedHashMap<>();
    /** Every task counted against the capacity: the shown ones and those whose work still runs. Guarded by this. */
    private final Set<Task> held = new HashSet<>();
    private boolean closed;
    private volatile TaskRecorder recorder = TaskRecorder.NONE;

    public TaskStore(int capacity, Duration ttl, Duration pollInterval, Clock clock) {
        if (capacity < 1 || ttl.isNegative() || ttl.isZero() || pollInterval.isNegative() || pollInterval.isZero()) {
            throw new IllegalArgumentException("a task store needs a capacity ≥ 1 and a positive ttl and poll interval");
        }
        this.capacity = capacity;
        this.ttl = ttl;
        this.pollInterval = pollInterval;
        this.clock = clock;
    }

    /** A store of 1,000 tasks kept for ten minutes each, polled every half second. */
    public static TaskStore standard() {
        return new TaskStore(1_000, Duration.ofMinutes(10), Duration.ofMillis(500), Clock.systemUTC());
    }

    /**
     * A new {@code working} task, retrievable with {@link #get} as soon as this returns ("MUST NOT return
     * CreateTaskResult until the task is durably created"); empty when every place is taken by a task whose work still
     * runs, or when the store is closed. The caller calls {@link Task#workEnded} when the task's work stops.
     */
    public Optional<Task> create() {
        Optional<Task> created = createShown();
        created.ifPresent(this::record);
        return created;
    }

    private synchronized Optional<Task> createShown() {
        if (closed) return Optional.empty();
        expireDue();
        if (held.size() >= capacity) {
            shown.values().stream().filter(t -> !t.working()).min(Comparator.comparing(Task::createdAt))
                    .ifPresent(this::forget);
        }
        if (held.size() >= capacity) return Optional.empty();
        byte[] bits = new byte[16];
        Ids.RANDOM.nextBytes(bits);
        var task = new Task(ID.encodeToString(bits), clock, ttl, pollInterval, this::workEnded);
        shown.put(task.id(), task);
        held.add(task);
        task.expiry(Thread.ofVirtual().name("mcp-task-expiry").start(() -> {
            try {
                Thread.sleep(ttl);
            } catch (InterruptedException e) {
                return; // the task was forgotten earlier: nothing to expire
            }
            expire(task);
        }));
        return Optional.of(task);
    }

    /** The task {@code id} names, unless it never existed or has expired. */
    public synchronized Optional<Task> get(String id) {
        expireDue();
        return Optional.ofNullable(shown.get(id));
    }

    /** How many tasks count against the capacity: those shown and those whose work still runs. */
    public synchronized int size() {
        return held.size();
    }

    /** Cancels every task (interrupting its work) and refuses new ones from now on. Later calls change nothing. */
    @Override
    public void close() {
        var cancelling = new ArrayList<Task>();
        synchronized (this) {
            if (closed) return;
            closed = true;
            for (Task task : held) {
                task.stopExpiry();
                cancelling.add(task);
            }
        }
        // Outside the monitor: a task's cancel runs its callbacks, and a finished handler calls back into the store.
        cancelling.forEach(Task::cancel);
    }

    private void expireDue() {
        Instant now = clock.instant();
        for (Task task : new ArrayList<>(shown.values())) {
            if (!now.isBefore(task.expiresAt())) expire(task);
        }
    }

    /** Forgets {@code task} and cancels its work; it keeps its place until that work has ended. */
    private synchronized void expire(Task task) {
        if (shown.remove(task.id(), task)) {
            task.stopExpiry();
            task.cancel();
            if (!task.working()) held.remove(task);
        }
    }

    private void forget(Task task) {
        shown.remove(task.id(), task);
        held.remove(task);
        task.stopExpiry();
    }

    private void workEnded(Task task) {
        synchronized (this) {
            if (shown.get(task.id()) != task) held.remove(task);
        }
        record(task);
    }

    /** From now on, tasks are recorded by {@code recorder} when created and when they end. */
    public void recordWith(TaskRecorder recorder) {
        this.recorder = recorder;
    }

    /** Records {@code task} as it is now: its status changed outside the store (a cancel). Not under a lock. */
    void record(Task task) {
        recorder.record(task.id(), CODEC.toTree(task.detailed()), task.expiresAt());
    }
}
