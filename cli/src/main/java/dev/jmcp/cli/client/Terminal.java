package dev.jmcp.cli.client;

import dev.jmcp.client.ServerNotification;
import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.Role;
import dev.jmcp.protocol.SamplingContent;
import dev.jmcp.protocol.SamplingMessage;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;

import java.io.Console;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The person at the keyboard, when there is one: a live progress bar on standard error (percentage, message, elapsed
 * time) and prompts that answer the server's elicitation forms and sampling requests. Only used when standard input
 * and output are a terminal; piped, a command prints plain lines and declines what it cannot ask. Thread-safe: the
 * bar, notifications and prompts come from different threads and take turns on one lock.
 */
final class Terminal {
    private static final int BAR_WIDTH = 24;
    private static final String CLEAR_LINE = "\r\033[K";

    private final Console console;
    private final PrintWriter err;
    private final ReentrantLock lock = new ReentrantLock();
    private long started;
    private String bar;
    private Thread ticker;
    /** The form being asked now, if any: Ctrl-C answers it with cancel. */
    private volatile CompletableFuture<ElicitResult> openForm;
    private volatile CountDownLatch formAnswered = new CountDownLatch(0);
    private Double shownProgress;
    private Double shownTotal;
    private String shownMessage;

    private Terminal(Console console, PrintWriter err) {
        this.console = console;
        this.err = err;
    }

    /** The terminal, or null when input or output is not one (piped, redirected) or it is a dumb one. */
    static Terminal detect(PrintWriter err) {
        Console console = System.console();
        if (console == null || !console.isTerminal() || "dumb".equals(System.getenv("TERM"))) return null;
        return new Terminal(console, err);
    }

    /** Starts the bar's clock: a call is under way. The elapsed time is redrawn every quarter second. */
    void callStarted() {
        lock.lock();
        try {
            started = System.nanoTime();
            shownProgress = null;
            shownTotal = null;
            shownMessage = null;
            bar = render(null, null, null);
            draw();
            ticker = Thread.ofVirtual().name("jmcp-progress").start(this::tick);
        } finally {
            lock.unlock();
        }
    }

    /** Removes the bar: the answer is here (or the call ended otherwise). */
    void callEnded() {
        // A form cancelled by Ctrl-C leaves its reader blocked on the keyboard, holding the lock: do not wait for it.
        boolean locked = false;
        try {
            locked = lock.tryLock(200, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            if (ticker != null) ticker.interrupt();
            ticker = null;
            if (bar != null) err.print(CLEAR_LINE);
            bar = null;
            err.flush();
        } finally {
            if (locked) lock.unlock();
        }
    }

    /** A status message (a task's) in the bar, keeping the progress shown so far. */
    void status(String message) {
        lock.lock();
        try {
            if (ticker == null) return;
            shownMessage = message;
            bar = render(shownProgress, shownTotal, message);
            draw();
        } finally {
            lock.unlock();
        }
    }

    void progress(ServerNotification.Progress progress) {
        lock.lock();
        try {
            if (ticker == null) return;
            shownProgress = progress.progress();
            shownTotal = progress.total();
            if (progress.message() != null) shownMessage = progress.message();
            bar = render(progress.progress(), progress.total(), shownMessage);
            draw();
        } finally {
            lock.unlock();
        }
    }

    /** Prints a line (a log message, say) above the bar, which stays at the bottom. */
    void line(String text) {
        lock.lock();
        try {
            if (bar != null) err.print(CLEAR_LINE);
            err.println(text);
            if (bar != null) err.print(bar);
            err.flush();
        } finally {
            lock.unlock();
        }
    }

    private void tick() {
        while (!Thread.currentThread().isInterrupted()) {
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                return;
            }
            lock.lock();
            try {
                if (bar == null || Thread.currentThread().isInterrupted()) return;
                // Only the clock moved: rewrite the time at the end of the same bar.
                int open = bar.lastIndexOf(" (");
                bar = (open < 0 ? bar : bar.substring(0, open)) + " (" + elapsed() + ")";
                draw();
            } finally {
                lock.unlock();
            }
        }
    }

    private void draw() {
        err.print(CLEAR_LINE + bar);
        err.flush();
    }

    private String render(Double progress, Double total, String message) {
        var text = new StringBuilder();
        if (progress != null && total != null && total > 0) {
            double fraction = Math.max(0, Math.min(1, progress / total));
            int filled = (int) Math.round(fraction * BAR_WIDTH);
            text.append('[').append("#".repeat(filled)).append(".".repeat(BAR_WIDTH - filled)).append("] ")
                    .append(String.format(Locale.ROOT, "%3d%%", Math.round(fraction * 100)));
        } else if (progress != null) {
            text.append("[working] ").append(Output.number(progress));
        } else {
            text.append("[working]");
        }
        if (message != null && !message.isBlank()) text.append("  ").append(oneLine(message, 60));
        return text.append(" (").append(elapsed()).append(')').toString();
    }

    private String elapsed() {
        long tenths = (System.nanoTime() - started) / 100_000_000;
        return tenths / 10 + "." + tenths % 10 + "s";
    }

    /**
     * Answers an elicitation by asking the person each field of its form (or to visit its URL). The asking runs on a
     * thread of its own so that Ctrl-C ({@link #cancelForm}) can answer the server with {@code cancel} while the
     * keyboard is still being read.
     */
    ElicitResult elicit(ElicitRequest request) {
        var answer = new CompletableFuture<ElicitResult>();
        var answered = new CountDownLatch(1);
        formAnswered = answered;
        openForm = answer;
        Thread.ofVirtual().name("jmcp-form").start(() -> {
            try {
                answer.complete(askForm(request));
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
            }
        });
        try {
            return answer.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ElicitResult("cancel", null);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } finally {
            openForm = null;
            answered.countDown();
        }
    }

    /**
     * Ctrl-C: when a form is being asked, answers it with {@code cancel} so that the server hears it before the call
     * is cancelled. True when there was a form; {@link #awaitFormAnswered} then waits for that answer to leave.
     */
    boolean cancelForm() {
        CompletableFuture<ElicitResult> form = openForm;
        return form != null && form.complete(new ElicitResult("cancel", null));
    }

    /** Waits, at most {@code wait}, for the open form's answer to be handed back to the client. */
    void awaitFormAnswered(java.time.Duration wait) {
        try {
            formAnswered.await(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private ElicitResult askForm(ElicitRequest request) {
        lock.lock();
        try {
            pauseBar();
            err.println();
            err.println("The server asks: " + request.message());
            if ("url".equals(request.mode())) {
                err.println("  Open " + request.url());
                err.flush();
                String done = ask("Done there? [y]es, [n]o (decline), [c]ancel: ");
                return new ElicitResult(action(done), null);
            }
            String choice = ask("Answer? [y]es, [n]o (decline), [c]ancel: ");
            if (!action(choice).equals("accept")) {
                err.println("  " + (action(choice).equals("decline") ? "declined" : "cancelled") + "; the server is told so");
                return new ElicitResult(action(choice), null);
            }
            try {
                return new ElicitResult("accept", new ElicitationForm(this::ask, err).ask(request.requestedSchema()));
            } catch (ElicitationForm.Abandoned e) {
                err.println("  the input ended: the form is cancelled, and the server is told so");
                return new ElicitResult("cancel", null);
            }
        } finally {
            resumeBar();
            lock.unlock();
        }
    }

    /** Answers a sampling request by showing its messages and letting the person type the model's answer. */
    CreateMessageResult sample(CreateMessageRequest request) {
        lock.lock();
        try {
            pauseBar();
            err.println();
            err.println("The server asks the model (you answer for it):");
            if (request.systemPrompt() != null) err.println("  system: " + oneLine(request.systemPrompt(), 200));
            for (SamplingMessage message : request.messages()) {
                for (SamplingContent block : message.content()) {
                    err.println("  " + message.role().name().toLowerCase(Locale.ROOT) + ": " + text(block));
                }
            }
            err.flush();
            String answer = console.readLine("Answer (empty to decline): ");
            if (answer == null || answer.isBlank()) {
                throw new JsonRpcException(-1, "User rejected sampling request");
            }
            return new CreateMessageResult(Role.ASSISTANT, new TextContent(answer.strip()), "human", "endTurn");
        } finally {
            resumeBar();
            lock.unlock();
        }
    }

    private String ask(String prompt) {
        err.flush();
        String line = console.readLine("%s", prompt);
        return line == null ? null : line.strip();
    }

    private static String action(String answer) {
        if (answer == null) return "cancel";
        return switch (answer.toLowerCase(Locale.ROOT)) {
            case "", "y", "yes", "a", "accept" -> "accept";
            case "n", "no", "d", "decline" -> "decline";
            default -> "cancel";
        };
    }

    private void pauseBar() {
        if (bar != null) {
            err.print(CLEAR_LINE);
            err.flush();
        }
    }

    private void resumeBar() {
        if (bar != null) draw();
    }

    private static String text(Object content) {
        return content instanceof TextContent t ? oneLine(t.text(), 500)
                : oneLine(JsonCodec.shared().writeValueAsString(content), 500);
    }

    private static String oneLine(String text, int max) {
        String line = text.strip().replaceAll("\\s+", " ");
        return line.length() <= max ? line : line.substring(0, max - 1) + "…";
    }
}
