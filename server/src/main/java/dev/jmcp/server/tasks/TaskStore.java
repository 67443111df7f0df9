package dev.jmcp.server.tasks;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tasks this server keeps: at most {@code capacity} of them, each for its time to live. Ids are 128 random bits
 * from {@link SecureRandom}, so one client cannot guess another's task. An expired task is forgotten (and its work
 * cancelled when it still runs) the next time the store is used; a full store makes room by forgetting its oldest
 * finished task, and refuses a new one when every task still runs. Owned by the engine for its lifetime;
 * thread-safe.
 */
public final class TaskStore {
    private static final Base64.Encoder ID = Base64.getUrlEncoder().withoutPadding();

    private final int capacity;
    private final Duration ttl;
    private final Duration pollInterval;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();
    private final Map<String, Task> tasks = new ConcurrentHashMap<>();

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
     * CreateTaskResult until the task is durably created"); empty when the store is full of running tasks.
     */
    public synchronized Optional<Task> create() {
        expire();
        if (tasks.size() >= capacity) {
            tasks.values().stream().filter(t -> t.status().terminal()).min(Comparator.comparing(Task::createdAt))
                    .ifPresent(oldest -> tasks.remove(oldest.id()));
        }
        if (tasks.size() >= capacity) return Optional.empty();
        byte[] bits = new byte[16];
        random.nextBytes(bits);
        var task = new Task(ID.encodeToString(bits), clock, ttl, pollInterval);
        tasks.put(task.id(), task);
        return Optional.of(task);
    }

    /** The task {@code id} names, unless it never existed or has expired. */
    public Optional<Task> get(String id) {
        expire();
        return Optional.ofNullable(tasks.get(id));
    }

    public int size() {
        return tasks.size();
    }

    private void expire() {
        Instant now = clock.instant();
        for (Task task : tasks.values()) {
            if (!now.isBefore(task.expiresAt()) && tasks.remove(task.id(), task)) task.cancel();
        }
    }
}
