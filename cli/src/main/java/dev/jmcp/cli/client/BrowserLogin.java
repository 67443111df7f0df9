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

    BrowserLogin(PrintWriter err) throws IOException {
        this.err = err;
        this.socket = new ServerSocket(0, 4, InetAddress.getLoopbackAddress());
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
        while (true) {
            if (Thread.interrupted()) throw new InterruptedIOException("login interrupted");
            try (Socket browser = socket.accept()) {
                var in = new BufferedReader(new InputStreamReader(browser.getInputStream(), StandardCharsets.US_ASCII));
                String requestLine = in.readLine();
                String[] parts = requestLine == null ? new String[0] : requestLine.split(" ");
                boolean callback = parts.length >= 2 && parts[1].startsWith("/callback");
                String page = callback ? "Logged in; you can close this window and go back to the terminal."
                        : "Not found";
                var out = browser.getOutputStream();
                out.write(("HTTP/1.1 " + (callback ? "200 OK" : "404 Not Found") + "\r\nContent-Type: text/plain; "
                        + "charset=utf-8\r\nConnection: close\r\n\r\n" + page).getBytes(StandardCharsets.UTF_8));
                out.flush();
                if (callback) return redirectUri().resolve(parts[1]);
            } catch (SocketTimeoutException e) {
                throw new IOException("no answer from the browser within " + WAIT.toMinutes() + " minutes; login abandoned");
            }
        }
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
        try {
            socket.close();
        } catch (IOException e) {
            // Closing to free the port; nothing else to do.
        }
    }
}
