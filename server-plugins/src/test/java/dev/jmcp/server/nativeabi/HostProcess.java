package dev.jmcp.server.nativeabi;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A native host (either kind) started by a test as a real child process on a library, driven frame by frame as
 * {@link NativeChild} drives it, in a private working folder: what it writes on standard output read as frames, its
 * standard error kept. Closed by the test; {@link #close} kills it if it is still running and deletes the folder.
 */
final class HostProcess implements AutoCloseable {
    /** One frame as the host sent it; the payload as text (the protocol's payloads are UTF-8). */
    record Frame(char type, long id, String payload) {
        @Override
        public String toString() {
            return type + "#" + id + " " + payload.replace('\0', '|');
        }
    }

    /** Marks the end of standard output in {@link #frames}. */
    private static final Frame END = new Frame('-', -1, "");

    private final Process process;
    private final Path folder;
    private final OutputStream in;
    private final BlockingQueue<Frame> frames = new LinkedBlockingQueue<>();
    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    private final Thread stderrReader;

    private HostProcess(Process process, Path folder) {
        this.process = process;
        this.folder = folder;
        this.in = process.getOutputStream();
        Thread.ofVirtual().start(this::readFrames);
        stderrReader = Thread.ofVirtual().start(() -> {
            try (InputStream err = process.getErrorStream()) {
                byte[] buffer = new byte[8192];
                for (int n; (n = err.read(buffer)) > 0; ) {
                    synchronized (stderr) {
                        stderr.write(buffer, 0, n);
                    }
                }
            } catch (IOException e) {
                // the process is gone
            }
        });
    }

    /** Starts {@code host} with {@code options} (as {@link NativeChild} passes them) and a copy of {@code library}. */
    static HostProcess start(List<String> host, Path library, String... options) throws IOException {
        Path folder = Files.createTempDirectory("jmcp-host-test-");
        Path copy = Files.copy(library, folder.resolve(library.getFileName()));
        var command = new ArrayList<>(host);
        command.addAll(List.of(options));
        command.add(copy.toString());
        Process process = new ProcessBuilder(command).directory(folder.toFile()).start();
        return new HostProcess(process, folder);
    }

    private void readFrames() {
        try (InputStream out = process.getInputStream()) {
            while (true) {
                byte[] header = out.readNBytes(12);
                if (header.length < 12) break;
                var fields = ByteBuffer.wrap(header).order(ByteOrder.nativeOrder());
                char type = (char) fields.getInt();
                long id = Integer.toUnsignedLong(fields.getInt());
                byte[] payload = out.readNBytes(fields.getInt());
                frames.add(new Frame(type, id, new String(payload, StandardCharsets.UTF_8)));
            }
        } catch (IOException | RuntimeException e) {
            // the process is gone
        }
        frames.add(END);
    }

    /** The next frame within 30 s; fails at the end of standard output or past the wait. */
    Frame next() throws InterruptedException {
        Frame frame = frames.poll(30, TimeUnit.SECONDS);
        if (frame == null) throw new AssertionError("no frame within 30 s; stderr: " + stderr());
        if (frame == END) throw new AssertionError("the host ended its output; stderr: " + stderr());
        return frame;
    }

    /** Sends call {@code id} with {@code request}. */
    void call(long id, String request) throws IOException {
        byte[] body = request.getBytes(StandardCharsets.UTF_8);
        var frame = ByteBuffer.allocate(12 + body.length).order(ByteOrder.nativeOrder());
        frame.putInt('C').putInt((int) id).putInt(body.length).put(body);
        in.write(frame.array());
        in.flush();
    }

    /** Sends call {@code id} and returns the frames up to and including its 'R' or 'N'. */
    List<Frame> answer(long id, String request) throws IOException, InterruptedException {
        call(id, request);
        var seen = new ArrayList<Frame>();
        while (true) {
            Frame frame = next();
            seen.add(frame);
            if ((frame.type() == 'R' || frame.type() == 'N') && frame.id() == id) return seen;
        }
    }

    /** Ends standard input and waits for the exit status. */
    int closeInputAndWait(Duration timeout) throws IOException, InterruptedException {
        in.close();
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) throw new AssertionError("the host did not end");
        return process.exitValue();
    }

    /** Waits for the exit status (the host ends by itself). */
    int waitFor(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) throw new AssertionError("the host did not end");
        return process.exitValue();
    }

    /** What the host wrote on standard error so far; complete once it ended (its reader joined). */
    String stderr() throws InterruptedException {
        if (!process.isAlive()) stderrReader.join(Duration.ofSeconds(5));
        synchronized (stderr) {
            return stderr.toString(StandardCharsets.UTF_8);
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
        try (var files = Files.walk(folder)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(file);
        }
    }
}
