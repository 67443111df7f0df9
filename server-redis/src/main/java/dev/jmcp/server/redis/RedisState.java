package dev.jmcp.server.redis;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.server.state.ListKind;
import dev.jmcp.server.state.SharedEvent;
import dev.jmcp.server.state.SharedState;
import dev.jmcp.server.state.SharedStateUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.JedisPubSub;
import redis.clients.jedis.params.SetParams;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * What the instances of one server share, in Redis: the request-state key (made by the first instance to start, with
 * {@code SET NX}, so all sign and verify alike; or keys the operator supplies, which win), change events over pub/sub
 * (each instance publishes what it saw, tagged with its own id, and delivers what the others published), questions
 * about tasks to the instance holding them, and a record of each task with the instance holding it, beside a
 * heartbeat key per instance, so a task whose instance stopped reads as it ended, or as failed.
 *
 * <p>Redis may be down at start or go away later: the instance serves anyway. Publishing logs and drops the event,
 * the subscriber reconnects with backoff, the heartbeat and records are written again at their next turn, and a call
 * that needs the key while it has not been agreed yet fails with {@link SharedStateUnavailableException}. Thread-safe.
 */
public final class RedisState implements SharedState {
    private static final Logger log = LoggerFactory.getLogger(RedisState.class);
    static final String KEY = "jmcp:request-state-key";
    static final String CHANNEL = "jmcp:events";
    static final String TASKS = "jmcp:tasks";
    /** {@code jmcp:task:<id>}: the instance holding the task and its last recorded view, kept for its time to live. */
    static final String TASK_RECORD = "jmcp:task:";
    /** {@code jmcp:instance:<id>}: present while that instance runs, renewed every {@link #HEARTBEAT}. */
    static final String ALIVE = "jmcp:instance:";
    /** {@code jmcp:session:<id>}: a stateful session's state and who opened it, for another instance to take over. */
    static final String SESSION = "jmcp:session:";
    /** {@code jmcp:session:<id>:takeovers}: how many times the session was taken over (each taker's generation). */
    private static final String TAKEOVERS = ":takeovers";
    /** {@code jmcp:sse:<id>:<stream>}: the stream's newest events, each {@code <seq> <frame>}. */
    static final String EVENTS = "jmcp:sse:";
    /** {@code jmcp:sse:<id>:<stream>:meta}: the request the stream answers ({@code request}) and whether it ended. */
    private static final String META = ":meta";
    private static final Duration HEARTBEAT = Duration.ofSeconds(1);
    /** An instance silent this long has stopped: five beats missed. */
    private static final Duration ALIVE_FOR = HEARTBEAT.multipliedBy(5);
    private static final int TASK_REPLY_SECONDS = 5;
    private static final JsonCodec CODEC = JsonCodec.shared();

    private final RedisClient redis;
    private final URI uri;
    private final String instance = UUID.randomUUID().toString();
    /** The request-state keys: the operator's, or the one agreed in Redis; null until that could be done. */
    private volatile List<byte[]> keys;
    private final List<Consumer<SharedEvent>> listeners = new CopyOnWriteArrayList<>();
    private volatile TaskOwner taskOwner;
    private final Thread subscriber;
    private final Thread heartbeat;
    private volatile JedisPubSub subscription;
    private volatile boolean closed;
    private volatile long lastComplaint;

    private RedisState(URI uri, List<byte[]> operatorKeys) {
        this.uri = uri;
        this.redis = RedisClient.create(uri);
        this.keys = operatorKeys.isEmpty() ? null : List.copyOf(operatorKeys);
        this.subscriber = Thread.ofVirtual().name("jmcp-redis-events").start(this::subscribe);
        this.heartbeat = Thread.ofVirtual().name("jmcp-redis-heartbeat").start(this::beat);
    }

    /**
     * Uses Redis at {@code uri} ({@code redis://HOST:PORT}) and agrees on the request-state key there, unless
     * {@code operatorKeys} are given. Redis need not be up: the instance starts anyway, says so in the log, and agrees
     * on the key when Redis is back.
     *
     * @throws IllegalStateException naming the address when {@code uri} cannot name a Redis server
     */
    public static RedisState connect(URI uri, List<byte[]> operatorKeys) {
        RedisState state;
        try {
            state = new RedisState(uri, operatorKeys);
        } catch (RuntimeException e) {
            throw new IllegalStateException("cannot use Redis at " + uri + ": " + e.getMessage(), e);
        }
        try {
            state.requestStateKeys();
        } catch (SharedStateUnavailableException e) {
            log.warn("{}. Serving anyway: until Redis is back, 2026-07-28 calls that ask the client for input are "
                    + "refused (-32000), and changes and tasks are not shared with the other instances", e.getMessage());
        }
        return state;
    }

    @Override
    public List<byte[]> requestStateKeys() {
        List<byte[]> agreed = keys;
        if (agreed != null) return agreed;
        synchronized (this) {
            if (keys == null) {
                try {
                    byte[] mine = new byte[32];
                    new SecureRandom().nextBytes(mine);
                    redis.set(KEY, Base64.getEncoder().encodeToString(mine), SetParams.setParams().nx());
                    keys = List.of(Base64.getDecoder().decode(redis.get(KEY)));
                    log.info("Agreed on the request-state key with the other instances through Redis at {}", uri);
                } catch (RuntimeException e) {
                    throw new SharedStateUnavailableException("the shared state (Redis at " + uri + ") cannot be "
                            + "reached, and the request-state key is agreed there: " + e.getMessage(), e);
                }
            }
            return keys;
        }
    }

    /** Keeps {@code jmcp:instance:<this>} present while this instance runs: how the others tell it has stopped. */
    private void beat() {
        while (!closed) {
            try {
                redis.set(ALIVE + instance, "1", SetParams.setParams().px(ALIVE_FOR.toMillis()));
            } catch (RuntimeException e) {
                complain("cannot tell the other instances this one is alive (Redis at " + uri + ": " + e.getMessage()
                        + ")");
            }
            try {
                Thread.sleep(HEARTBEAT);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    @Override
    public void recordTask(String taskId, Map<String, Object> view, Instant expiresAt) {
        long ttlMillis = Duration.between(Instant.now(), expiresAt).toMillis();
        if (ttlMillis <= 0) return;
        var record = new LinkedHashMap<String, Object>();
        record.put("owner", instance);
        record.put("view", view);
        try {
            redis.set(TASK_RECORD + taskId, CODEC.writeValueAsString(record), SetParams.setParams().px(ttlMillis));
        } catch (RuntimeException e) {
            complain("cannot record task " + taskId + " for the other instances (Redis at " + uri + ": "
                    + e.getMessage() + "); if this instance stops, they cannot tell the client how it ended");
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public Optional<Map<String, Object>> orphanedTask(String taskId) {
        try {
            String text = redis.get(TASK_RECORD + taskId);
            if (text == null || !(CODEC.parse(text.getBytes(StandardCharsets.UTF_8)) instanceof Map<?, ?> record)
                    || !(record.get("owner") instanceof String owner) || !(record.get("view") instanceof Map<?, ?> view)
                    || owner.equals(instance) || redis.exists(ALIVE + owner)) {
                return Optional.empty();
            }
            return Optional.of((Map<String, Object>) view);
        } catch (RuntimeException e) {
            complain("cannot read the record of task " + taskId + " (Redis at " + uri + ": " + e.getMessage() + ")");
            return Optional.empty();
        }
    }

    @Override
    public void recordSession(String sessionId, Map<String, Object> session, Duration ttl) {
        try {
            redis.set(SESSION + sessionId, CODEC.writeValueAsString(session), SetParams.setParams().px(ttl.toMillis()));
        } catch (RuntimeException e) {
            complain("cannot record session " + sessionId + " for the other instances (Redis at " + uri + ": "
                    + e.getMessage() + "); if this instance stops, its client has to initialize again");
        }
    }

    @Override
    public void touchSession(String sessionId, Duration ttl) {
        try (var pipeline = redis.pipelined()) {
            pipeline.pexpire(SESSION + sessionId, ttl.toMillis());
            pipeline.pexpire(SESSION + sessionId + TAKEOVERS, ttl.toMillis());
            pipeline.sync();
        } catch (RuntimeException e) {
            complain("cannot keep session " + sessionId + " alive in Redis at " + uri + ": " + e.getMessage());
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public Optional<TakenSession> takeOverSession(String sessionId) {
        try {
            String text = redis.get(SESSION + sessionId);
            if (text == null || !(CODEC.parse(text.getBytes(StandardCharsets.UTF_8)) instanceof Map<?, ?> record)) {
                return Optional.empty();
            }
            long generation = redis.incr(SESSION + sessionId + TAKEOVERS);
            long ttl = redis.pttl(SESSION + sessionId);
            if (ttl > 0) redis.pexpire(SESSION + sessionId + TAKEOVERS, ttl);
            return Optional.of(new TakenSession((Map<String, Object>) record, (int) Math.min(generation, Integer.MAX_VALUE)));
        } catch (RuntimeException e) {
            complain("cannot read session " + sessionId + " from Redis at " + uri + " to take it over: "
                    + e.getMessage());
            return Optional.empty();
        }
    }

    @Override
    public void forgetSession(String sessionId) {
        try {
            redis.del(SESSION + sessionId, SESSION + sessionId + TAKEOVERS);
        } catch (RuntimeException e) {
            complain("cannot forget session " + sessionId + " in Redis at " + uri + " (it expires by itself): "
                    + e.getMessage());
        }
    }

    @Override
    public void bufferStream(String sessionId, int stream, Object request, Duration ttl) {
        String meta = EVENTS + sessionId + ":" + stream + META;
        try (var pipeline = redis.pipelined()) {
            pipeline.hset(meta, "request", CODEC.writeValueAsString(request));
            pipeline.pexpire(meta, ttl.toMillis());
            pipeline.sync();
        } catch (RuntimeException e) {
            complain("cannot share stream " + stream + " of session " + sessionId + " (Redis at " + uri + ": "
                    + e.getMessage() + "); it cannot be resumed on another instance");
        }
    }

    @Override
    public void bufferEvent(String sessionId, int stream, Object request, long seq, byte[] frame, boolean last,
                            int capacity, Duration ttl) {
        String events = EVENTS + sessionId + ":" + stream;
        String meta = events + META;
        try (var pipeline = redis.pipelined()) {
            if (frame != null) {
                pipeline.rpush(events, seq + " " + new String(frame, StandardCharsets.UTF_8));
                pipeline.ltrim(events, -capacity, -1);
                pipeline.pexpire(events, ttl.toMillis());
            }
            if (last) {
                pipeline.hset(meta, "request", CODEC.writeValueAsString(request));
                pipeline.hset(meta, "finished", "true");
            }
            pipeline.pexpire(meta, ttl.toMillis());
            pipeline.sync();
        } catch (RuntimeException e) {
            complain("cannot share the events of stream " + stream + " of session " + sessionId + " (Redis at " + uri
                    + ": " + e.getMessage() + "); they cannot be resumed on another instance");
        }
    }

    @Override
    public Optional<BufferedStream> bufferedStream(String sessionId, int stream) {
        String events = EVENTS + sessionId + ":" + stream;
        try {
            Map<String, String> meta = redis.hgetAll(events + META);
            if (meta == null || !meta.containsKey("request")) return Optional.empty();
            Object request = CODEC.parse(meta.get("request").getBytes(StandardCharsets.UTF_8));
            var frames = new ArrayList<byte[]>();
            long firstSeq = -1;
            for (String entry : redis.lrange(events, 0, -1)) {
                int space = entry.indexOf(' ');
                long seq = Long.parseLong(entry, 0, space, 10);
                if (firstSeq < 0) firstSeq = seq;
                frames.add(entry.substring(space + 1).getBytes(StandardCharsets.UTF_8));
            }
            return Optional.of(new BufferedStream(request, firstSeq < 0 ? 1 : firstSeq, frames,
                    "true".equals(meta.get("finished"))));
        } catch (RuntimeException e) {
            complain("cannot read stream " + stream + " of session " + sessionId + " from Redis at " + uri + ": "
                    + e.getMessage());
            return Optional.empty();
        }
    }

    @Override
    public void publish(SharedEvent event) {
        var message = new LinkedHashMap<String, Object>();
        message.put("from", instance);
        if (event.uri() != null) message.put("uri", event.uri());
        if (!event.kinds().isEmpty()) message.put("kinds", event.kinds().stream().map(Enum::name).toList());
        try {
            redis.publish(CHANNEL, CODEC.writeValueAsString(message));
        } catch (RuntimeException e) {
            complain("cannot publish a change to the other instances (Redis at " + uri + ": " + e.getMessage()
                    + "); their listeners miss it");
        }
    }

    @Override
    public void onEvent(Consumer<SharedEvent> listener) {
        listeners.add(listener);
    }

    private void subscribe() {
        long backoff = 100;
        while (!closed) {
            var pubSub = new JedisPubSub() {
                @Override
                public void onMessage(String channel, String text) {
                    if (channel.equals(TASKS)) {
                        // Off the subscriber's thread: serving a task question may take a moment.
                        Thread.ofVirtual().name("jmcp-redis-task").start(() -> answerTaskQuestion(text));
                    } else {
                        deliver(text);
                    }
                }

                @Override
                public void onSubscribe(String channel, int count) {
                    log.info("Sharing change events with the other instances through Redis at {}", uri);
                }
            };
            subscription = pubSub;
            try {
                redis.subscribe(pubSub, CHANNEL, TASKS);
                backoff = 100;
            } catch (RuntimeException e) {
                if (closed) return;
                complain("lost the change events of the other instances (Redis at " + uri + ": " + e.getMessage()
                        + "); reconnecting");
                try {
                    Thread.sleep(backoff);
                } catch (InterruptedException interrupted) {
                    return;
                }
                backoff = Math.min(5_000, backoff * 2);
            }
        }
    }

    private void deliver(String text) {
        try {
            if (!(CODEC.parse(text.getBytes(StandardCharsets.UTF_8)) instanceof Map<?, ?> message)
                    || instance.equals(message.get("from"))) {
                return;
            }
            var kinds = EnumSet.noneOf(ListKind.class);
            if (message.get("kinds") instanceof List<?> names) {
                for (Object name : names) kinds.add(ListKind.valueOf(String.valueOf(name)));
            }
            var event = new SharedEvent(message.get("uri") instanceof String u ? u : null, kinds);
            for (var listener : listeners) listener.accept(event);
        } catch (RuntimeException e) {
            log.warn("ignored a change event from Redis that could not be read: {}", e.toString());
        }
    }

    @Override
    public void serveTasks(TaskOwner owner) {
        this.taskOwner = owner;
    }

    /**
     * Asks every other instance, over pub/sub, which of them holds the task; each answers on a list only this
     * question knows, either with the response or with "not here", so the answer comes as soon as the holder answers
     * and "nobody" as soon as all have said so.
     */
    @Override
    @SuppressWarnings("unchecked")
    public Optional<Map<String, Object>> askTaskOwner(String taskId, String method, Map<String, Object> params) {
        String reply = "jmcp:task-reply:" + UUID.randomUUID();
        var question = new LinkedHashMap<String, Object>();
        question.put("from", instance);
        question.put("reply", reply);
        question.put("taskId", taskId);
        question.put("method", method);
        question.put("params", params);
        try {
            long others = redis.publish(TASKS, CODEC.writeValueAsString(question)) - 1;
            for (long i = 0; i < others; i++) {
                List<String> popped = redis.blpop(TASK_REPLY_SECONDS, reply);
                if (popped == null || popped.size() < 2) break;
                if (CODEC.parse(popped.get(1).getBytes(StandardCharsets.UTF_8)) instanceof Map<?, ?> answer
                        && Boolean.TRUE.equals(answer.get("held")) && answer.get("answer") instanceof Map<?, ?> tree) {
                    return Optional.of((Map<String, Object>) tree);
                }
            }
        } catch (RuntimeException e) {
            complain("cannot ask the other instances for task " + taskId + " (Redis at " + uri + ": "
                    + e.getMessage() + ")");
        }
        return Optional.empty();
    }

    @SuppressWarnings("unchecked")
    private void answerTaskQuestion(String text) {
        try {
            if (!(CODEC.parse(text.getBytes(StandardCharsets.UTF_8)) instanceof Map<?, ?> question)
                    || instance.equals(question.get("from")) || !(question.get("reply") instanceof String reply)) {
                return;
            }
            TaskOwner owner = taskOwner;
            Map<String, Object> answer = owner == null ? null : owner.serve(String.valueOf(question.get("taskId")),
                    String.valueOf(question.get("method")),
                    question.get("params") instanceof Map<?, ?> p ? (Map<String, Object>) p : Map.of());
            var message = new LinkedHashMap<String, Object>();
            message.put("held", answer != null);
            if (answer != null) message.put("answer", answer);
            redis.lpush(reply, CODEC.writeValueAsString(message));
            redis.expire(reply, 30);
        } catch (RuntimeException e) {
            log.warn("could not answer another instance's task question: {}", e.toString());
        }
    }

    /** Warns at most every ten seconds, so a Redis outage does not flood the log. */
    private void complain(String message) {
        long now = System.nanoTime();
        if (now - lastComplaint > 10_000_000_000L) {
            lastComplaint = now;
            log.warn(message);
        } else {
            log.debug(message);
        }
    }

    @Override
    public void close() {
        closed = true;
        var pubSub = subscription;
        try {
            if (pubSub != null && pubSub.isSubscribed()) pubSub.unsubscribe();
        } catch (RuntimeException ignored) {
            // closing anyway
        }
        subscriber.interrupt();
        heartbeat.interrupt();
        try {
            // Stopping on purpose: the others need not wait for the heartbeat to lapse.
            redis.del(ALIVE + instance);
        } catch (RuntimeException ignored) {
            // Redis is down: the key lapses by itself
        }
        redis.close();
    }

    /** Keys from a file: one base64 key per line, the first signing; blank lines and # comments ignored. */
    public static List<byte[]> readKeys(List<String> lines) {
        var keys = new ArrayList<byte[]>();
        for (String line : lines) {
            String text = line.strip();
            if (text.isEmpty() || text.startsWith("#")) continue;
            byte[] key = Base64.getDecoder().decode(text);
            if (key.length < 32) throw new IllegalArgumentException("a request-state key needs 32 bytes at least "
                    + "(e.g. 'openssl rand -base64 32'); one has " + key.length);
            keys.add(key);
        }
        if (keys.isEmpty()) throw new IllegalArgumentException("the key file holds no key");
        return keys;
    }
}
