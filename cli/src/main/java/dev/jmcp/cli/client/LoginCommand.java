package dev.jmcp.cli.client;

import dev.jmcp.cli.JmcpVersion;
import dev.jmcp.client.McpClient;
import dev.jmcp.client.McpErrorException;
import dev.jmcp.client.auth.OAuth;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
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
    URI url;

    @Override
    public Integer call() {
        var err = spec.commandLine().getErr();
        var out = spec.commandLine().getOut();
        if (url.getScheme() == null || url.getHost() == null) {
            throw new ParameterException(spec.commandLine(), "URL needs a scheme and a host, e.g. "
                    + "https://example.com/mcp; was '" + url + "'");
        }
        TokenFile tokens = TokenFile.inConfigDirectory();
        try (var browser = new BrowserLogin(err)) {
            OAuth oauth = OAuth.builder(browser.redirectUri(), browser).tokenStore(tokens).clientName("jmcp").build();
            try (McpClient client = McpClient.builder().authorization(oauth).http(url)) {
                out.println("Logged in to " + client.serverInfo().name() + " at " + url + " (tokens: " + tokens.path() + ")");
                return 0;
            }
        } catch (McpErrorException e) {
            err.println("jmcp: the server answered error " + e.code() + ": " + e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println("jmcp: login to " + url + " failed: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("jmcp: interrupted");
            return 1;
        } finally {
            err.flush();
            out.flush();
        }
    }
}
