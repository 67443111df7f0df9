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
 * serving the bundled plugins, a broken JAR, a plugin whose texts are hostile HTML and a workbench plugin (a prompt, a
 * resource template, a tool that fails after logging), with a failed {@code jmcp dev} build to show. Screenshots are
 * kept in {@code target/console-screenshots}.
 */
@Timeout(300)
class ConsoleIT {
    private static final Path REPOSITORY = Path.of(System.getProperty("jmcp.root", "..")).toAbsolutePath();
    private static final Path SCREENSHOTS = Path.of("target/console-screenshots").toAbsolutePath();

    /** A plugin to develop against: a prompt, a resource template, a tool that fails after logging, a counter. */
    private static final String WORKBENCH = """
            package demo;

            import dev.jmcp.plugin.Plugin;
            import dev.jmcp.plugin.Registrar;
            import dev.jmcp.plugin.ToolException;
            import dev.jmcp.protocol.CallToolResult;
            import dev.jmcp.protocol.GetPromptResult;
            import dev.jmcp.protocol.LoggingLevel;
            import dev.jmcp.protocol.Prompt;
            import dev.jmcp.protocol.PromptArgument;
            import dev.jmcp.protocol.PromptMessage;
            import dev.jmcp.protocol.ReadResourceResult;
            import dev.jmcp.protocol.ResourceTemplate;
            import dev.jmcp.protocol.Tool;
            import java.util.List;
            import java.util.concurrent.atomic.AtomicInteger;

            public final class Workbench implements Plugin {
                private static final AtomicInteger COUNT = new AtomicInteger();

                @Override
                public void register(Registrar registrar) {
                    registrar.tool(new Tool("count", "counts its calls since the plugin was loaded", null),
                            (args, ctx) -> CallToolResult.text("count " + COUNT.incrementAndGet()));
                    registrar.tool(new Tool("fails", "always fails, after logging", null), (args, ctx) -> {
                        System.getLogger("demo.workbench").log(System.Logger.Level.WARNING, "the widget is about to break");
                        ctx.log(LoggingLevel.INFO, "telling the client: about to break");
                        throw new ToolException("the widget is broken");
                    });
                    registrar.prompt(new Prompt("greeting", "Greeting", "greets someone",
                            List.of(new PromptArgument("name", "Name", "who to greet", true)), null, null),
                            (args, ctx) -> new GetPromptResult("a greeting",
                                    List.of(PromptMessage.user("Hello, " + args.get("name") + "!"))));
                    registrar.resourceTemplate(new ResourceTemplate("note://{name}", "note", "a note by name", "text/plain"),
                            (uri, variables, ctx) -> ReadResourceResult.text(uri, "text/plain",
                                    "Note " + variables.get("name")));
                }
            }
            """;
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
        PluginJarBuilder.create().plugin("demo.Workbench", WORKBENCH).writeTo(plugins.resolve("workbench.jar"));
        return plugins;
    }

    @Test
    void aPersonSeesThePluginsAndCallsAToolFromTheGeneratedFormInARealBrowser() throws Exception {
        // What 'jmcp dev' writes after a build that failed (NewPluginIT runs the real one).
        Path build = Files.writeString(work.resolve("build.json"), "{\"ok\":false,\"at\":\"2026-11-27T04:00:00Z\","
                + "\"millis\":2300,\"output\":\"[ERROR] EchoesPlugin.java:[31,28] ';' expected\"}");
        URI url = start(plugins(), "--dev-build-status", build.toString());
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
                "ok the call appears among the last calls",
                "ok a prompt without its required argument shows the error: Error -32602",
                "ok the prompt is got with its argument from the form: ", "Hello, Ada!", "ok a resource is read: ",
                "ok a resource template is read with its variable filled: note://shopping%20list",
                "ok a failed call shows its detail: ", "the widget is broken",
                "ok the call's log lines are shown: ", "the widget is about to break", "client log info",
                "ok a JSON-RPC error shows its code and message: JSON-RPC error -32602",
                "ok a plugin is reloaded from the console: Reloaded workbench",
                "ok a broken plugin is tried again and says why not", "ok the session is listed: ",
                "ok the session is ended from the console and its client finds it gone",
                "ok a failed build is shown: ", "ok no script error");
        for (String shot : List.of("console-overview.png", "console-form.png", "console-after-call.png",
                "console-prompt-resource.png", "console-failed-call.png", "console-sessions-build.png")) {
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
        // Every action of the console is behind the same guards: no token, 401; a foreign page's Origin, 403.
        for (String action : List.of("call", "prompt", "resource", "reload", "end-session")) {
            var noToken = http.send(HttpRequest.newBuilder(url.resolve("/console/api/" + action))
                    .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(noToken.statusCode()).as(action).isEqualTo(401);
            var foreign = http.send(HttpRequest.newBuilder(url.resolve("/console/api/" + action))
                    .header("Authorization", "Bearer 0123456789abcdef0123456789abcdef")
                    .header("Origin", "https://evil.example")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"file\":\"workbench.jar\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(foreign.statusCode()).as(action).isEqualTo(403);
        }
        var reload = http.send(HttpRequest.newBuilder(url.resolve("/console/api/reload"))
                .header("Authorization", "Bearer 0123456789abcdef0123456789abcdef")
                .POST(HttpRequest.BodyPublishers.ofString("{\"file\":\"workbench.jar\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(reload.statusCode()).as(reload.body()).isEqualTo(200);
        var bad = http.send(HttpRequest.newBuilder(url.resolve("/console/api/prompt"))
                .header("Authorization", "Bearer 0123456789abcdef0123456789abcdef")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(bad.body()).contains("the body is not JSON");
    }
}
