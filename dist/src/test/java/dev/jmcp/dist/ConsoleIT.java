package dev.jmcp.dist;

import dev.jmcp.testkit.PluginJarBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The web console in a real headless browser: Debian's Chromium driven by playwright-core (both installed by
 * {@code conformance/browser.sh}) through {@code conformance/browser/console.mjs}, against the assembled distribution
 * serving the bundled plugins, a broken JAR and a plugin whose texts are hostile HTML. Screenshots are kept in
 * {@code target/console-screenshots}.
 */
@Timeout(300)
class ConsoleIT {
    private static final Path REPOSITORY = Path.of(System.getProperty("jmcp.root", "..")).toAbsolutePath();
    private static final Path SCREENSHOTS = Path.of("target/console-screenshots").toAbsolutePath();

    @TempDir
    Path work;

    private Process server;
    private StringBuffer stderr = new StringBuffer();

    @AfterEach
    void stop() throws InterruptedException {
        if (server != null) {
            server.destroy();
            if (!server.waitFor(10, TimeUnit.SECONDS)) server.destroyForcibly();
        }
    }

    private URI start(Path plugins, String... extra) throws Exception {
        var args = new java.util.ArrayList<>(List.of("--console", "--port", String.valueOf(Distribution.freePort()),
                "-p", plugins.toString()));
        args.addAll(List.of(extra));
        var http = Distribution.serveHttp(args, java.util.Map.of());
        server = http.process();
        stderr = http.stderr();
        return http.url();
    }

    private Path plugins() throws IOException {
        Path plugins = Distribution.copyOfBundledPlugins(work.resolve("plugins"));
        Files.writeString(plugins.resolve("broken.jar"), "this is not a jar");
        PluginJarBuilder.create().plugin("demo.Hostile", """
                package demo;

                import dev.jmcp.plugin.Plugin;
                import dev.jmcp.plugin.Registrar;
                import dev.jmcp.protocol.CallToolResult;
                import dev.jmcp.protocol.Tool;

                public final class Hostile implements Plugin {
                    @Override
                    public void register(Registrar registrar) {
                        registrar.tool(new Tool("hostile", "<img src=x onerror=window.pwned=1>", null),
                                (args, ctx) -> CallToolResult.text("<script>window.pwned=2</script>"));
                    }
                }
                """).writeTo(plugins.resolve("hostile.jar"));
        return plugins;
    }

    @Test
    void aPersonSeesThePluginsAndCallsAToolFromTheGeneratedFormInARealBrowser() throws Exception {
        URI url = start(plugins());
        Process install = new ProcessBuilder("bash", REPOSITORY.resolve("conformance/browser.sh").toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<String> tools = new String(install.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines()
                .filter(l -> !l.isBlank()).toList();
        assertThat(install.waitFor(600, TimeUnit.SECONDS)).isTrue();
        assertThat(install.exitValue()).as("conformance/browser.sh").isZero();

        var browser = new ProcessBuilder(tools.get(0), tools.get(1), tools.get(2), url.resolve("/console/").toString(),
                SCREENSHOTS.toString()).directory(Path.of(tools.get(1)).getParent().toFile()).redirectErrorStream(true)
                .start();
        String output = new String(browser.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(browser.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(browser.exitValue()).as(output + "\nserver:\n" + stderr).isZero();
        assertThat(output).contains("ok the page is live", "ok the broken plugin is listed",
                "ok hostile text is shown as text", "ok the form built from the schema called the tool: Slept 7 ms.",
                "ok the call appears among the last calls", "ok no script error");
        for (String shot : List.of("console-overview.png", "console-form.png", "console-after-call.png")) {
            assertThat(SCREENSHOTS.resolve(shot)).isNotEmptyFile();
        }
    }

    @Test
    void theConsoleApiSitsBehindTheSameAuthorizationAsMcpAndThePageDoesNot() throws Exception {
        Path keys = Files.writeString(work.resolve("keys"), "console:0123456789abcdef0123456789abcdef\n");
        URI url = start(plugins(), "--api-key-file", keys.toString());
        var http = HttpClient.newHttpClient();
        var page = http.send(HttpRequest.newBuilder(url.resolve("/console/")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(v -> assertThat(v).contains("default-src 'self'"));
        var refused = http.send(HttpRequest.newBuilder(url.resolve("/console/api/state")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(refused.statusCode()).isEqualTo(401);
        var allowed = http.send(HttpRequest.newBuilder(url.resolve("/console/api/state"))
                .header("Authorization", "Bearer 0123456789abcdef0123456789abcdef").GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(allowed.statusCode()).isEqualTo(200);
        assertThat(allowed.body()).contains("\"failed\":[{", "broken.jar", "\"name\":\"sleep\"");
        var call = http.send(HttpRequest.newBuilder(url.resolve("/console/api/call"))
                .header("Authorization", "Bearer 0123456789abcdef0123456789abcdef")
                .POST(HttpRequest.BodyPublishers.ofString("{\"tool\":\"sleep\",\"arguments\":{\"milliseconds\":3}}"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(call.body()).contains("Slept 3 ms.");
    }
}
