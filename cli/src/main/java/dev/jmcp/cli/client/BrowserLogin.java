package dev.jmcp.cli.client;

import dev.jmcp.client.auth.AuthorizationCallback;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.InterruptedIOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The CLI's way through the authorization server's page: prints the authorization URL, opens it in the user's browser
 * when there is one, and waits (bounded) on a loopback port for the browser's redirect back. Owns its listening
 * socket; {@link #close} frees it. One login at a time.
 */
final class BrowserLogin implements AuthorizationCallback, AutoCloseable {
    private static final Duration WAIT = Duration.ofMinutes(5);
    private final ServerSocket socket;
    private final PrintWriter err;

    /** The browser that came back, waiting for the page that tells how the login ended; null when none waits. */
    private Socket waiting;
    private boolean used;

    /** {@code port}: the loopback port to listen on when it is free (a registration made for it is then reused), 0 for any. */
    BrowserLogin(PrintWriter err, int port) throws IOException {
        this.err = err;
        ServerSocket bound;
        try {
            bound = new ServerSocket(port, 4, InetAddress.getLoopbackAddress());
        } catch (IOException busy) {
            bound = new ServerSocket(0, 4, InetAddress.getLoopbackAddress());
        }
        this.socket = bound;
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
        try (Socket browser = waiting) {
            page(browser, 200, (loggedIn ? "Logged in. " : "Login failed: ") + message);
        } catch (IOException e) {
            // The browser went away: the terminal says it too.
        }
        waiting = null;
    }

    private static void page(Socket browser, int status, String text) throws IOException {
        var out = browser.getOutputStream();
        out.write(("HTTP/1.1 " + status + (status == 200 ? " OK" : " Not Found") + "\r\nContent-Type: text/plain; "
                + "charset=utf-8\r\nConnection: close\r\n\r\n" + text).getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** Where the authorization server sends the browser back: this loopback port. */
    URI redirectUri() {
        return URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/callback");
    }

    @Override
    public URI authorize(URI authorizationUrl) throws IOException, InterruptedException {
        err.println("jmcp: to log in, open this address in a browser (trying to open it for you):");
        err.println("  " + authorizationUrl);
        err.flush();
        open(authorizationUrl);
        socket.setSoTimeout((int) WAIT.toMillis());
        synchronized (this) {
            used = true;
        }
        while (true) {
            if (Thread.interrupted()) throw new InterruptedIOException("login interrupted");
            Socket browser;
            try {
                browser = socket.accept();
            } catch (SocketTimeoutException e) {
                throw new IOException("no answer from the browser within " + WAIT.toMinutes() + " minutes; login abandoned");
            }
            var in = new BufferedReader(new InputStreamReader(browser.getInputStream(), StandardCharsets.US_ASCII));
            String requestLine = in.readLine();
            String[] parts = requestLine == null ? new String[0] : requestLine.split(" ");
            if (parts.length < 2 || !parts[1].startsWith("/callback")) {
                try (browser) {
                    page(browser, 404, "Not found");
                }
                continue;
            }
            URI back = redirectUri().resolve(parts[1]);
            String refusal = refusal(back.getRawQuery());
            if (refusal != null) {
                // The authorization server said no (the person denied it, or it refused the request): the login ends.
                try (browser) {
                    page(browser, 200, "Login refused by the authorization server: " + refusal
                            + ". Nothing was saved; you can close this window.");
                }
            } else {
                synchronized (this) {
                    waiting = browser;
                }
            }
            return back;
        }
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
        try {
            socket.close();
        } catch (IOException e) {
            // Closing to free the port; nothing else to do.
        }
    }
}
