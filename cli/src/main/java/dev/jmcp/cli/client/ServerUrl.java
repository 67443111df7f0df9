package dev.jmcp.cli.client;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * Reads a server URL as a person types it, turning each usual mistake into a usage error (exit code 2) that says what
 * to type instead: no scheme ({@code 127.0.0.1:3911/mcp}, {@code localhost:3911/mcp}), a scheme MCP has no transport
 * for ({@code ftp://}), no host, characters a URL cannot hold. Stateless.
 */
final class ServerUrl {
    private ServerUrl() {
    }

    /** The URL {@code text} names; {@code option} is how the command line calls it, for the message. */
    static URI parse(String text, String option, CommandLine line) {
        String given = text.strip();
        if (given.isEmpty()) throw new ParameterException(line, option + " is empty; give e.g. http://127.0.0.1:3000/mcp");
        if (!given.contains("://")) {
            // "127.0.0.1:3911/mcp" is no URL at all and "localhost:3911/mcp" one with the scheme "localhost": both lack
            // the scheme the person meant.
            throw new ParameterException(line, option + " needs a scheme: did you mean http://" + given + " ? (was '"
                    + given + "')");
        }
        URI uri;
        try {
            uri = new URI(given);
        } catch (URISyntaxException e) {
            throw new ParameterException(line, option + " is not a valid URL (" + e.getReason() + " at position "
                    + e.getIndex() + "): '" + given + "'");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new ParameterException(line, option + " must be an http:// or https:// URL: MCP has no transport over "
                    + scheme + "://; a local server is started with the command after '--' instead (was '" + given + "')");
        }
        if (uri.getHost() == null || uri.getHost().isBlank()) {
            throw new ParameterException(line, option + " needs a host, e.g. http://127.0.0.1:3000/mcp; was '" + given + "'");
        }
        return uri;
    }
}
