package dev.jmcp.server.nativeabi;

import dev.jmcp.client.stdio.ChildProcessLauncher;
import dev.jmcp.server.observe.LogTap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * A native library served in a child process by a host that speaks the frames below: the native host program
 * ({@code jmcp-native-host}) or, where it was not built, the child JVM {@link NativeHostMain} (see {@link NativeHost}):
 * the library's crash, {@code exit()}, hang or leak ends the child only; the calls running in it fail with a short
 * sentence, and the next call starts a new child. Frames on the child's standard input and output (see the
 * program's source, {@code server-plugins/src/main/c/jmcp-native-host.c}): the request text goes in unparsed, the
 * result text and the library's notifications come out. What the child writes on standard error (the library's own output
 * included) goes to the log, bounded.
 *
 * <p>The child loads a private copy of the file, in a private folder that is also its working directory (so whatever
 * the library writes there is deleted with it); {@link #close} ends the child ({@code Shutdown}, {@code DestroyPlugin})
 * and deletes the folder. Thread-safe.
 */
final class NativeChild implements NativeBinding, NativeCalls.Backend {
    private static final Logger LOG = LoggerFactory.getLogger(NativeChild.class);
    private static final int HEADER = 12;
    private static final int MAX_FRAME = 256 << 20;
    private static final int LOG_LINE_CHARS = 2000;
    /** Lines of the child's standard error logged per {@link #LOG_WINDOW_NANOS}; more are counted, not logged. */
    private static final int LOG_LINES_PER_WINDOW = 200;
    private static final long LOG_WINDOW_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

    private final String plugin;
    private final List<String> host;
    private final Path original;
    private final Path folder;
    private final Path copy;
    private final NativeOptions options;
    private final BiConsumer<Long, NativeNote> notes;
    private final Object lock = new Object();
    private Generation live;
    private volatile boolean closed;
    private String name = "";
    private String version = "";
    private NativeLibrary.Kind kind;
    private List<NativeLibrary.Item> items = List.of();

    private NativeChild(String plugin, List<String> host, Path original, Path folder, NativeOptions options,
                        BiConsumer<Long, NativeNote> notes) {
        this.plugin = plugin;
        this.host = host;
        this.original = original;
        this.folder = folder;
        this.copy = folder.resolve(original.getFileName());
        this.options = options;
        this.notes = notes;
    }

    /**
     * Copies {@code file} into a private folder and starts its child, which answers with the library's declarations.
     * Throws with the reason when the library is not a usable plugin, or ({@link NativeLoadException#notReady()})
     * when the child did not answer within the start-up timeout.
     *
     * @param notes receives each notification with the id of the call it was sent on (0 when unknown)
     */
    static NativeChild start(String plugin, List<String> host, Path file, NativeOptions options,
                             BiConsumer<Long, NativeNote> notes) throws NativeLoadException {
        Path folder;
        try {
            folder = NativeHost.privateFolder(Path.of(System.getProperty("java.io.tmpdir")), "jmcp-native-");
            Files.copy(file, folder.resolve(file.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
        } catch (IOException e) {
            throw new NativeLoadException(file, "it cannot be copied: " + e.getMessage());
        }
        var child = new NativeChild(plugin, host, file, folder, options, notes);
        try {
            long started = System.nanoTime();
            Generation first = child.spawn();
            LOG.info("Native plugin {}: its host process (pid {}) is ready in {} ms", plugin, first.process.pid(),
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
            child.declare(first.hello);
            synchronized (child.lock) {
                child.live = first;
            }
            return child;
        } catch (NativeLoadException | RuntimeException e) {
            child.close();
            throw e;
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String version() {
        return version;
    }

    @Override
    public NativeLibrary.Kind kind() {
        return kind;
    }

    @Override
    public List<NativeLibrary.Item> items() {
        return items;
    }

    @Override
    public Path file() {
        return original;
    }

    /** The running child's process id, or -1 (for tests and the console). */
    long pid() {
        synchronized (lock) {
            return live == null ? -1 : live.process.pid();
        }
    }

    @Override
    public void start(long id, byte[] request, NativeCalls.Sink sink) {
        Generation generation;
        try {
            generation = running();
        } catch (NativeLoadException e) {
            sink.end(Optional.empty(), new IllegalStateException("Native plugin " + plugin
                    + " could not be started again: " + e.reason()));
            return;
        }
        generation.calls.put(id, sink);
        if (generation.ended) {
            // The reader already failed the calls it knew of; this one came too late for it.
            if (generation.calls.remove(id) != null) sink.end(Optional.empty(), new IllegalStateException(generation.why()));
            return;
        }
        var frame = ByteBuffer.allocate(HEADER + request.length).order(ByteOrder.nativeOrder());
        frame.putInt('C').putInt((int) id).putInt(request.length).put(request);
        try {
            synchronized (generation.out) {
                generation.out.write(frame.array());
                generation.out.flush();
            }
        } catch (IOException e) {
            // The child is gone: its reader ends this call with the reason.
            generation.process.destroyForcibly();
        }
    }

    @Override
    public void abandon(long id, boolean timedOut) {
        Generation generation;
        synchronized (lock) {
            generation = live;
        }
        if (generation == null || !generation.calls.containsKey(id)) return;
        // A native call cannot be interrupted: the child is ended, and the next call starts a new one.
        generation.stoppedBecause = "Native plugin " + plugin + " was restarted: a call on it "
                + (timedOut ? "ran past its timeout (" + options.callTimeout().toSeconds() + " s)" : "was cancelled");
        LOG.info("Native plugin {}: a call {}; its process is ended and starts again for the next call", plugin,
                timedOut ? "ran past its timeout" : "was cancelled");
        generation.process.destroyForcibly();
    }

    /** Ends the child (end of input: {@code Shutdown}, {@code DestroyPlugin}; killed if it lingers) and deletes its folder. */
    @Override
    public void close() {
        Generation last;
        synchronized (lock) {
            if (closed) return;
            closed = true;
            last = live;
            live = null;
        }
        Thread.ofVirtual().name("jmcp-native-close-" + plugin).start(() -> {
            if (last != null) {
                try {
                    last.out.close();
                } catch (IOException e) {
                    // already gone
                }
                try {
                    if (!last.process.waitFor(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                        last.process.destroyForcibly();
                        last.process.waitFor(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
                    }
                } catch (InterruptedException e) {
                    last.process.destroyForcibly();
                }
            }
            deleteFolder();
        });
    }

    private void deleteFolder() {
        try (var files = Files.walk(folder)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.debug("Cannot delete {}: {}", folder, e.toString());
        }
    }

    /** The child serving now; a new one when the last one ended. */
    private Generation running() throws NativeLoadException {
        synchronized (lock) {
            if (closed) throw new NativeLoadException(original, "it is closed");
            if (live != null && !live.ended) return live;
            live = null;
            Generation fresh = spawn();
            live = fresh;
            return fresh;
        }
    }

    /** Starts a child and waits for its declarations (or its reason for refusing) up to the start-up timeout. */
    private Generation spawn() throws NativeLoadException {
        var command = new ArrayList<String>(host);
        if (options.memoryMiB() > 0) command.add("--memory-mb=" + options.memoryMiB());
        if (options.reentrant()) command.add("--reentrant");
        command.add(copy.toString());
        // The start-up timeout counts from here: starting the process is part of being ready.
        long deadline = System.nanoTime() + options.startTimeout().toNanos();
        Process process;
        try {
            process = ChildProcessLauncher.start(command, Map.of(), folder, ProcessBuilder.Redirect.PIPE);
        } catch (IOException e) {
            throw new NativeLoadException(original, "its host program cannot be started: " + e.getMessage());
        }
        var generation = new Generation(process);
        generation.start();
        try {
            long left = deadline - System.nanoTime();
            if (left <= 0 || !generation.ready.await(left, TimeUnit.NANOSECONDS)) {
                process.destroyForcibly();
                throw NativeLoadException.notReady(original, "it was not ready within "
                        + seconds(options.startTimeout()) + " s (startTimeout)");
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new NativeLoadException(original, "interrupted while it started");
        }
        if (generation.refusal != null) throw new NativeLoadException(original, generation.refusal);
        if (generation.hello == null) {
            throw new NativeLoadException(original, "its process " + generation.endReason + " before it was ready");
        }
        return generation;
    }

    private void declare(String[] hello) throws NativeLoadException {
        try {
            name = hello[0];
            version = hello[1];
            kind = NativeLibrary.Kind.values()[Integer.parseInt(hello[2])];
            int count = Integer.parseInt(hello[3]);
            int width = kind == NativeLibrary.Kind.RESOURCES ? 4 : 3;
            var read = new ArrayList<NativeLibrary.Item>(count);
            for (int i = 0; i < count; i++) {
                int at = 4 + i * width;
                read.add(new NativeLibrary.Item(hello[at], hello[at + 1], hello[at + 2], width == 4 ? hello[at + 3] : null));
            }
            items = List.copyOf(read);
        } catch (RuntimeException e) {
            throw new NativeLoadException(original, "its host program sent unreadable declarations (" + e + ")");
        }
    }

    private static String seconds(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? Long.toString(duration.toSeconds())
                : Double.toString(duration.toMillis() / 1000.0);
    }

    /** One child process: its frames read by a thread of its own, its standard error by another. */
    private final class Generation {
        private final Process process;
        private final OutputStream out;
        private final Map<Long, NativeCalls.Sink> calls = new ConcurrentHashMap<>();
        private final CountDownLatch ready = new CountDownLatch(1);
        private final CountDownLatch logEnded = new CountDownLatch(1);
        private final Deque<String> tail = new ArrayDeque<>();
        private volatile String[] hello;
        private volatile String refusal;
        private volatile boolean ended;
        private volatile String stoppedBecause;
        private volatile String endReason;

        Generation(Process process) {
            this.process = process;
            this.out = process.getOutputStream();
        }

        void start() {
            Thread.ofPlatform().daemon().name("jmcp-native-" + plugin + "-" + process.pid()).start(this::read);
            // What the library writes on standard error is the plugin's: the console shows it as such.
            Thread.ofVirtual().name("jmcp-native-log-" + plugin).start(() -> LogTap.forPlugin(plugin, this::log));
        }

        private void read() {
            try (InputStream in = process.getInputStream()) {
                byte[] header = new byte[HEADER];
                while (true) {
                    if (in.readNBytes(header, 0, HEADER) < HEADER) break;
                    var fields = ByteBuffer.wrap(header).order(ByteOrder.nativeOrder());
                    int type = fields.getInt();
                    long id = Integer.toUnsignedLong(fields.getInt());
                    int length = fields.getInt();
                    if (length < 0 || length > MAX_FRAME) break;
                    byte[] payload = in.readNBytes(length);
                    if (payload.length < length) break;
                    dispatch(type, id, payload);
                }
            } catch (IOException | RuntimeException e) {
                LOG.debug("Native plugin {}: reading its host program failed: {}", plugin, e.toString());
            }
            end();
        }

        private void dispatch(int type, long id, byte[] payload) {
            switch (type) {
                case 'R' -> {
                    NativeCalls.Sink sink = calls.remove(id);
                    if (sink != null) sink.end(Optional.of(new String(payload, StandardCharsets.UTF_8)), null);
                }
                case 'N' -> {
                    NativeCalls.Sink sink = calls.remove(id);
                    if (sink != null) sink.end(Optional.empty(), null);
                }
                case 'M' -> {
                    int split = 0;
                    while (split < payload.length && payload[split] != 0) split++;
                    String from = new String(payload, 0, split, StandardCharsets.UTF_8);
                    int start = Math.min(split + 1, payload.length);
                    String json = new String(payload, start, payload.length - start, StandardCharsets.UTF_8);
                    NativeCalls.Sink sink = id == 0 ? null : calls.get(id);
                    if (sink != null) {
                        sink.note(new NativeNote(from, json));
                    } else {
                        notes.accept(id, new NativeNote(from, json));
                    }
                }
                case 'H' -> {
                    hello = new String(payload, StandardCharsets.UTF_8).split("\0", -1);
                    ready.countDown();
                }
                case 'E' -> {
                    refusal = new String(payload, StandardCharsets.UTF_8);
                    ready.countDown();
                }
                default -> LOG.warn("Native plugin {}: its host program sent an unknown frame type {}", plugin, type);
            }
        }

        /** The child ended (or its pipe broke): every call still in it fails with the reason; a new one comes next. */
        private void end() {
            ended = true;
            try {
                if (!process.waitFor(2, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
                // Its last words (e.g. "std::bad_alloc") tell what happened: read them first.
                logEnded.await(500, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            endReason = describeEnd();
            ready.countDown();
            if (stoppedBecause == null && (!calls.isEmpty() || !closed && hello != null)) {
                synchronized (tail) {
                    LOG.warn("Native plugin {} (pid {}): {}{}", plugin, process.pid(), endReason,
                            tail.isEmpty() ? "" : "; its last output: " + String.join(" | ", tail));
                }
            }
            for (Long id : List.copyOf(calls.keySet())) {
                NativeCalls.Sink sink = calls.remove(id);
                if (sink != null) sink.end(Optional.empty(), new IllegalStateException(why()));
            }
        }

        /** One short sentence for the caller: what happened, no paths or command lines. */
        String why() {
            if (stoppedBecause != null) return stoppedBecause + ".";
            String reason = endReason == null ? "ended" : endReason;
            return "Native plugin " + plugin + " " + reason + (hello == null ? "." : "; it restarts for the next call.");
        }

        private String describeEnd() {
            if (process.isAlive()) return "stopped answering";
            int status = process.exitValue();
            boolean outOfMemory;
            synchronized (tail) {
                outOfMemory = tail.stream().anyMatch(line -> line.contains("bad_alloc")
                        || line.contains("Cannot allocate memory") || line.toLowerCase().contains("out of memory"));
            }
            if (outOfMemory && options.memoryMiB() > 0) {
                return "ran out of memory (its limit is " + options.memoryMiB() + " MiB, memoryMiB)";
            }
            if (status > 128) return "crashed (" + signal(status - 128) + ")";
            if (status == 0 && (closed || stoppedBecause != null)) return "stopped";
            return "exited with status " + status;
        }

        /** The child's standard error, line by line, to the log: long lines cut, a flood counted rather than logged. */
        private void log() {
            try (InputStream err = process.getErrorStream()) {
                var line = new StringBuilder();
                long window = System.nanoTime();
                int logged = 0;
                long dropped = 0;
                byte[] buffer = new byte[8192];
                int n;
                var bytes = new java.io.ByteArrayOutputStream();
                while ((n = err.read(buffer)) > 0) {
                    for (int i = 0; i < n; i++) {
                        if (buffer[i] != '\n') {
                            if (bytes.size() < LOG_LINE_CHARS * 4) bytes.write(buffer[i]);
                            continue;
                        }
                        line.setLength(0);
                        line.append(bytes.toString(StandardCharsets.UTF_8));
                        bytes.reset();
                        if (line.length() > LOG_LINE_CHARS) line.setLength(LOG_LINE_CHARS);
                        String text = line.toString();
                        synchronized (tail) {
                            tail.addLast(text);
                            if (tail.size() > 5) tail.removeFirst();
                        }
                        if (System.nanoTime() - window > LOG_WINDOW_NANOS) {
                            if (dropped > 0) LOG.warn("[{}] {} more lines of output not logged", plugin, dropped);
                            window = System.nanoTime();
                            logged = 0;
                            dropped = 0;
                        }
                        if (logged++ < LOG_LINES_PER_WINDOW) {
                            LOG.info("[{}] {}", plugin, text);
                        } else {
                            dropped++;
                        }
                    }
                }
                if (dropped > 0) LOG.warn("[{}] {} more lines of output not logged", plugin, dropped);
            } catch (IOException e) {
                // the child is gone
            } finally {
                logEnded.countDown();
            }
        }
    }

    private static String signal(int number) {
        return switch (number) {
            case 4 -> "SIGILL";
            case 6 -> "SIGABRT";
            case 7 -> "SIGBUS";
            case 8 -> "SIGFPE";
            case 9 -> "SIGKILL";
            case 11 -> "SIGSEGV";
            case 15 -> "SIGTERM";
            default -> "signal " + number;
        };
    }
}
