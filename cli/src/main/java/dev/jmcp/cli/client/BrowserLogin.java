package dev.jmcp.cli.client;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.jmcp.client.auth.AuthorizationCallback;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The CLI's way through the authorization server's page: prints the authorization URL, opens it in the user's browser
 * when there is one, and waits (bounded) on a loopback port for the browser's redirect back. The port is the JDK's own
 * HTTP server ({@code com.sun.net.httpserver}); its one context hands each {@code /callback} request to the waiting
 * login and answers anything else 404. Owns the server; {@link #close} stops it. One login at a time.
 */
final class BrowserLogin implements AuthorizationCallback, AutoCloseable {
    private static final Duration WAIT = Duration.ofMinutes(5);
    private final HttpServer server;
    private final PrintWriter err;
    /** The browsers that came back to {@code /callback}, in order, each held open until it is answered. */
    private final BlockingQueue<HttpExchange> callbacks = new LinkedBlockingQueue<>();

    /** The browser that came back, waiting for the page that tells how the login ended; null when none waits. */
    private HttpExchange waiting;
    private boolean used;

    /** {@code port}: the loopback port to listen on when it is free (a registration made for it is then reused), 0 for any. */
    BrowserLogin(PrintWriter err, int port) throws IOException {
        this.err = err;
        HttpServer bound;
        try {
            bound = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 4);
        } catch (IOException busy) {
            bound = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4);
        }
        this.server = bound;
        // The handler only queues or answers 404, so the server's own dispatcher thread runs it (no executor).
        server.createContext("/", exchange -> {
            if (exchange.getRequestURI().getRawPath().startsWith("/callback")) {
                callbacks.add(exchange);
            } else {
                page(exchange, 404, "Not found");
            }
        });
        server.start();
    }

    /** Whether the authorization server's page was needed: a login took place (or was tried). */
    synchronized boolean used() {
        return used;
    }

    /**
     * Tells the browser how the login ended, on the page it was sent back to: only now, after the token exchange, is
     * that known. Does nothing when no browser waits.
     */
    synchronized void finish(boolean loggedIn, String message) {
        if (waiting == null) return;
        try {
            page(waiting, 200, (loggedIn ? "Logged in. " : "Login failed: ") + message);
        } catch (IOException e) {
            // The browser went away: the terminal says it too.
        }
        waiting = null;
    }

    /** Answers {@code browser} with {@code text} as a plain-text page and ends the exchange. */
    private static void page(HttpExchange browser, int status, String text) throws IOException {
        try (browser) {
            byte[] body = text.getBytes(StandardCharsets.UTF_8);
            browser.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
            browser.sendResponseHeaders(status, body.length);
            browser.getResponseBody().write(body);
        }
    }

    /** Where the authorization server sends the browser back: this loopback port. */
    URI redirectUri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/callback");
    }

    @Override
    public URI authorize(URI authorizationUrl) throws IOException, InterruptedException {
        err.println("jmcp: to log in, open this address in a browser (trying to open it for you):");
        err.println("  " + authorizationUrl);
        err.flush();
        open(authorizationUrl);
        synchronized (this) {
            used = true;
        }
        HttpExchange browser;
        try {
            browser = callbacks.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            throw new InterruptedIOException("login interrupted");
        }
        if (browser == null) {
            throw new IOException("no answer from the browser within " + WAIT.toMinutes() + " minutes; login abandoned");
        }
        URI back = redirectUri().resolve(browser.getRequestURI().toString());
        String refusal = refusal(back.getRawQuery());
        if (refusal != null) {
            // The authorization server said no (the person denied it, or it refused the request): the login ends.
            page(browser, 200, "Login refused by the authorization server: " + refusal
                    + ". Nothing was saved; you can close this window.");
        } else {
            synchronized (this) {
                waiting = browser;
            }
        }
        return back;
    }

    /** The authorization server's {@code error} (with its description) in the redirect's query, or null. */
    private static String refusal(String query) {
        if (query == null) return null;
        String error = null;
        String description = null;
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : java.net.URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            if (key.equals("error")) error = value;
            if (key.equals("error_description")) description = value;
        }
        return error == null ? null : error + (description == null ? "" : " (" + description + ")");
    }

    private void open(URI url) {
        try {
            if (java.awt.Desktop.isDesktopSupported() && java.awt.Desktop.getDesktop().isSupported(java.awt.Desktop.Action.BROWSE)) {
                java.awt.Desktop.getDesktop().browse(url);
                return;
            }
        } catch (IOException | UnsupportedOperationException e) {
            // Fall through to xdg-open.
        }
        try {
            new ProcessBuilder("xdg-open", url.toString()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            // No browser here: the printed address is the way.
        }
    }

    @Override
    public void close() {
        finish(false, "the login did not complete; the terminal says why.");
        // Browsers still queued get no page: stopping ends their exchanges.
        server.stop(0);
    }
}
