package dev.jmcp.cli.client;

import dev.jmcp.cli.JmcpVersion;
import dev.jmcp.client.McpClient;
import dev.jmcp.client.McpErrorException;
import dev.jmcp.client.auth.ClientRegistration;
import dev.jmcp.client.auth.OAuth;
import dev.jmcp.client.auth.TokenStore;
import dev.jmcp.client.auth.Tokens;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.net.URI;
import java.util.concurrent.Callable;

/**
 * {@code jmcp login URL}: authorizes this user with an MCP server that asks for it, through the browser, and keeps
 * the tokens in the user's config directory (mode 600) for the other commands.
 */
@Command(name = "login", mixinStandardHelpOptions = true, versionProvider = JmcpVersion.class,
        description = "Logs in to an MCP server that needs authorization (opens the browser; tokens are kept in "
                + "~/.config/jmcp/tokens.json, readable by you only).")
public final class LoginCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "URL", description = "The server's Streamable HTTP endpoint, e.g. https://example.com/mcp.")
    String urlText;

    @Override
    public Integer call() {
        var err = spec.commandLine().getErr();
        var out = spec.commandLine().getOut();
        URI url = ServerUrl.parse(urlText, "URL", spec.commandLine());
        TokenFile file = TokenFile.inConfigDirectory();
        var tokens = new Watched(file);
        BrowserLogin browser = null;
        try {
            browser = new BrowserLogin(err, file.registeredRedirectPort());
            OAuth oauth = OAuth.builder(browser.redirectUri(), browser).tokenStore(tokens).clientName("jmcp").build();
            try (McpClient client = McpClient.builder().authorization(oauth).http(url)) {
                String server = client.serverInfo().name();
                if (tokens.saved) {
                    browser.finish(true, "You are logged in to " + server + "; you can close this window.");
                    out.println("Logged in to " + server + " at " + url + " (tokens: " + file.path() + ")");
                } else if (tokens.found) {
                    out.println("Already logged in to " + server + " at " + url + ": its tokens in " + file.path()
                            + " are accepted");
                } else {
                    out.println("Nothing to log in to: " + server + " at " + url + " needs no authorization; nothing "
                            + "was saved");
                }
                return 0;
            }
        } catch (McpErrorException e) {
            if (browser != null) browser.finish(false, "the server answered error " + e.getMessage());
            err.println("jmcp: the server answered error " + e.code() + ": " + e.getMessage());
            return 1;
        } catch (IOException e) {
            if (browser != null) browser.finish(false, e.getMessage());
            err.println("jmcp: login to " + url + " failed: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("jmcp: interrupted");
            return 1;
        } finally {
            if (browser != null) browser.close();
            err.flush();
            out.flush();
        }
    }

    /** The token file, noting whether tokens were found in it and whether new ones were saved. */
    private static final class Watched implements TokenStore {
        private final TokenFile file;
        volatile boolean found;
        volatile boolean saved;

        Watched(TokenFile file) {
            this.file = file;
        }

        @Override
        public Tokens load(String resource) {
            Tokens tokens = file.load(resource);
            if (tokens != null) found = true;
            return tokens;
        }

        @Override
        public void save(String resource, Tokens tokens) {
            saved = true;
            file.save(resource, tokens);
        }

        @Override
        public void clear(String resource) {
            file.clear(resource);
        }

        @Override
        public ClientRegistration loadRegistration(String issuer) {
            return file.loadRegistration(issuer);
        }

        @Override
        public void saveRegistration(String issuer, ClientRegistration registration) {
            file.saveRegistration(issuer, registration);
        }
    }
}
