package dev.jmcp.client.auth;

/**
 * The server asked for authorization (401, or 403 for more scope) and this client was told not to start a new
 * authorization ({@link OAuth.Builder#authorizeOnChallenge(boolean)}): what the server said, so the application can
 * show it and tell the person how to log in. {@link #error()} and {@link #description()} are the challenge's RFC 6750
 * {@code error} and {@code error_description} (null when it gave none), {@link #hadCredentials()} whether the refused
 * request carried stored tokens.
 */
public final class AuthorizationRequiredException extends AuthorizationException {
    private final int status;
    private final String error;
    private final String description;
    private final boolean hadCredentials;

    AuthorizationRequiredException(int status, String error, String description, boolean hadCredentials) {
        super(describe(status, error, description, hadCredentials));
        this.status = status;
        this.error = error;
        this.description = description;
        this.hadCredentials = hadCredentials;
    }

    private static String describe(int status, String error, String description, boolean hadCredentials) {
        if (error == null && description == null) {
            return hadCredentials ? "the server refused the stored tokens (HTTP " + status + ")"
                    : "the server needs authorization (HTTP " + status + ")";
        }
        return "the server refused" + (hadCredentials ? " the stored tokens" : "") + " (HTTP " + status + "): "
                + (description != null ? description + (error != null ? " [" + error + "]" : "") : error);
    }

    /** The HTTP status: 401, or 403. */
    public int status() {
        return status;
    }

    public String error() {
        return error;
    }

    public String description() {
        return description;
    }

    public boolean hadCredentials() {
        return hadCredentials;
    }
}
