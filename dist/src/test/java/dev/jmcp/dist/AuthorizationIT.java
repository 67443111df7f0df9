package dev.jmcp.dist;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.testkit.PluginJarBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * jmcp as an OAuth 2.1 resource server, end to end: the assembled distribution requires tokens issued by a real,
 * maintained authorization server (panva's oidc-provider, installed by {@code conformance/authorization-server.sh}
 * and started here) or an API key. Valid tokens pass and the plugin sees who called; tokens that are expired, signed
 * by another authorization server, meant for another resource or short of the required scope are refused with the
 * status and {@code WWW-Authenticate} challenge the specification gives.
 */
@Timeout(180)
class AuthorizationIT {
    private static final Path REPOSITORY = Path.of(System.getProperty("jmcp.root", "..")).toAbsolutePath();
    private static final String API_KEY = "0123456789abcdef0123456789abcdef";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir
    static Path work;

    private static final List<Process> processes = new ArrayList<>();
    private static URI issuer;
    private static URI rogueIssuer;
    private static URI url;

    @BeforeAll
    static void start() throws Exception {
        Process install = new ProcessBuilder("bash", REPOSITORY.resolve("conformance/authorization-server.sh").toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<String> lines = new String(install.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines()
                .filter(line -> !line.isBlank()).toList();
        assertThat(install.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(install.exitValue()).as("conformance/authorization-server.sh").isZero();
        issuer = startAuthorizationServer(lines.get(0), lines.get(1));
        rogueIssuer = startAuthorizationServer(lines.get(0), lines.get(1));

        Path plugins = Distribution.copyOfBundledPlugins(work.resolve("plugins"));
        var whoAmI = PluginJarBuilder.create().plugin("demo.WhoAmI", """
                package demo;

                import dev.jmcp.plugin.Plugin;
                import dev.jmcp.plugin.Registrar;
                import dev.jmcp.protocol.CallToolResult;
                import dev.jmcp.protocol.Tool;

                public final class WhoAmI implements Plugin {
                    @Override
                    public void register(Registrar registrar) {
                        registrar.tool(new Tool("whoami", "Says who called", null), (args, ctx) -> CallToolResult.text(
                                ctx.identity().map(i -> "subject=" + i.subject() + " client=" + i.clientId()
                                        + " scopes=" + new java.util.TreeSet<>(i.scopes())
                                        + " bound=" + (i.claims() != null && i.claims().containsKey("cnf")))
                                        .orElse("nobody")));
                        registrar.tool(new Tool("secret", "Needs mcp:admin besides", null),
                                (args, ctx) -> CallToolResult.text("the secret is 42"));
                    }
                }
                """);
        whoAmI.writeTo(plugins.resolve("whoami.jar"));
        // The same plugin again, in a child process of its own: it must see the caller just the same.
        whoAmI.writeTo(plugins.resolve("isolated.jar"));
        Files.writeString(plugins.resolve("isolated.jar.json"), "{\"isolation\": \"process\", \"prefix\": \"iso_\"}");
        Path keys = Files.writeString(work.resolve("api-keys"), "# operators\nci-bot:" + API_KEY + "\n");
        var server = Distribution.serveHttp(List.of("--port", String.valueOf(freePort()), "-p", plugins.toString(),
                "--auth-issuer", issuer.toString(), "--auth-scope", "mcp:tools", "--auth-clock-skew", "1s",
                "--api-key-file", keys.toString(), "--auth-scope-for", "tool:secret=mcp:admin"), Map.of());
        processes.add(server.process());
        url = server.url();
    }

    @AfterAll
    static void stop() throws InterruptedException {
        for (Process process : processes) {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly();
        }
    }

    private static int freePort() throws IOException {
        return Distribution.freePort();
    }

    private static URI startAuthorizationServer(String node, String script) throws Exception {
        var process = new ProcessBuilder(node, script, String.valueOf(freePort()))
                .directory(Path.of(script).getParent().toFile()).redirectErrorStream(true).start();
        processes.add(process);
        return awaitLine(process.getInputStream(), Pattern.compile("^issuer (\\S+)"), new StringBuffer());
    }

    /** The first group of the first line of {@code stream} matching {@code pattern}; the lines read go to seen. */
    private static URI awaitLine(java.io.InputStream stream, Pattern pattern, StringBuffer seen) throws Exception {
        var found = new CompletableFuture<URI>();
        Thread.ofPlatform().daemon().start(() -> {
            try (var reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    seen.append(line).append('\n');
                    var m = pattern.matcher(line);
                    if (m.find()) found.complete(URI.create(m.group(1)));
                }
                found.completeExceptionally(new AssertionError("ended before '" + pattern + "':\n" + seen));
            } catch (IOException e) {
                found.completeExceptionally(e);
            }
        });
        return found.get(60, TimeUnit.SECONDS);
    }

    /** An access token from {@code from}'s token endpoint, by the client credentials grant (RFC 6749 4.4, RFC 8707). */
    @SuppressWarnings("unchecked")
    private static String token(URI from, String client, String resource, String scope) throws Exception {
        String form = "grant_type=client_credentials&resource=" + URLEncoder.encode(resource, StandardCharsets.UTF_8)
                + "&scope=" + URLEncoder.encode(scope, StandardCharsets.UTF_8);
        var response = HTTP.send(HttpRequest.newBuilder(from.resolve("/token"))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        (client + ":secret").getBytes(StandardCharsets.UTF_8)))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        var body = (Map<String, Object>) JsonCodec.shared().parse(response.body().getBytes(StandardCharsets.UTF_8));
        return (String) body.get("access_token");
    }

    private static HttpResponse<String> post(String credentialHeader, String credential, String session, String body)
            throws Exception {
        var request = HttpRequest.newBuilder(url).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").header("MCP-Protocol-Version", "2025-11-25")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (credential != null) request.header(credentialHeader, credential);
        if (session != null) request.header("Mcp-Session-Id", session);
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> initialize(String header, String credential) throws Exception {
        return post(header, credential, null, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\","
                + "\"version\":\"1\"}}}");
    }

    /** A session opened (initialize, initialized) with {@code credential}: its id. */
    private static String openSession(String header, String credential) throws Exception {
        var initialized = initialize(header, credential);
        assertThat(initialized.statusCode()).as(initialized.body()).isEqualTo(200);
        String session = initialized.headers().firstValue("Mcp-Session-Id").orElseThrow();
        post(header, credential, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return session;
    }

    /** initialize, then a call of whoami in the same session, with {@code credential} on every request. */
    private static String whoami(String header, String credential) throws Exception {
        String session = openSession(header, credential);
        var call = post(header, credential, session, toolCall(2, "whoami"));
        assertThat(call.statusCode()).isEqualTo(200);
        return call.body();
    }

    private static String challenge(HttpResponse<String> response) {
        return response.headers().firstValue("WWW-Authenticate").orElseThrow();
    }

    /** A {@code tools/call} of {@code tool} without arguments, as request {@code id}. */
    private static String toolCall(int id, String tool) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":{}}}";
    }

    @Test
    void withoutATokenTheAnswerIs401WithTheChallengeThatLeadsToTheAuthorizationServer() throws Exception {
        var refused = initialize("Authorization", null);
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(challenge(refused)).startsWith("Bearer ")
                .contains("resource_metadata=\"" + url.resolve("/.well-known/oauth-protected-resource/mcp") + "\"")
                .contains("scope=\"mcp:tools\"").doesNotContain("error=");

        for (String path : List.of("/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource")) {
            var metadata = HTTP.send(HttpRequest.newBuilder(url.resolve(path)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(metadata.statusCode()).isEqualTo(200);
            assertThat(metadata.body()).contains("\"resource\":\"" + url + "\"",
                    "\"authorization_servers\":[\"" + issuer + "\"]", "\"scopes_supported\":[\"mcp:tools\"]");
        }
        // The health probes stay outside authorization.
        assertThat(HTTP.send(HttpRequest.newBuilder(url.resolve("/ready")).GET().build(),
                HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);
    }

    @Test
    void aValidTokenPassesAndThePluginSeesWhoCalled() throws Exception {
        String token = token(issuer, "jmcp-test", url.toString(), "mcp:tools");
        assertThat(whoami("Authorization", "Bearer " + token))
                .contains("subject=jmcp-test client=jmcp-test scopes=[mcp:tools] bound=false");
    }

    @Test
    void aPluginInAProcessOfItsOwnSeesWhoCalledToo() throws Exception {
        String credential = "Bearer " + token(issuer, "jmcp-test", url.toString(), "mcp:tools");
        String session = openSession("Authorization", credential);
        String call = toolCall(2, "iso_whoami");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        HttpResponse<String> answer;
        // The child starts with the server; its tools appear once it has.
        while (!(answer = post("Authorization", credential, session, call)).body().contains("subject=")) {
            assertThat(System.nanoTime()).as("the isolated plugin serves: " + answer.body()).isLessThan(deadline);
            Thread.sleep(200);
        }
        assertThat(answer.body()).contains("subject=jmcp-test client=jmcp-test scopes=[mcp:tools] bound=false");
    }

    @Test
    void anExpiredTokenIsRefusedAsInvalid() throws Exception {
        String token = token(issuer, "short-lived", url.toString(), "mcp:tools");
        Thread.sleep(3_200); // this client's tokens live one second, and the server allows one second of skew
        var refused = initialize("Authorization", "Bearer " + token);
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(challenge(refused)).contains("error=\"invalid_token\"", "expired", "resource_metadata=");
    }

    @Test
    void aTokenFromAnotherAuthorizationServerIsRefused() throws Exception {
        String token = token(rogueIssuer, "jmcp-test", url.toString(), "mcp:tools");
        var refused = initialize("Authorization", "Bearer " + token);
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(challenge(refused)).contains("error=\"invalid_token\"");
    }

    @Test
    void aTokenForAnotherResourceIsRefused() throws Exception {
        String token = token(issuer, "jmcp-test", "https://other.example/mcp", "mcp:tools");
        var refused = initialize("Authorization", "Bearer " + token);
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(challenge(refused)).contains("error=\"invalid_token\"", "audience");
    }

    @Test
    void aTokenWithoutTheRequiredScopeIs403InsufficientScope() throws Exception {
        String token = token(issuer, "jmcp-test", url.toString(), "mcp:admin");
        var refused = initialize("Authorization", "Bearer " + token);
        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(challenge(refused)).contains("error=\"insufficient_scope\"", "scope=\"mcp:tools\"");
        assertThat(refused.body()).contains("lacks the scope mcp:tools");
    }

    @Test
    void aMalformedOrForgedTokenIsRefused() throws Exception {
        assertThat(initialize("Authorization", "Bearer not.a.jwt").statusCode()).isEqualTo(401);
        assertThat(initialize("Authorization", "Basic dXNlcjpwYXNz").statusCode()).isEqualTo(401);
        String token = token(issuer, "jmcp-test", url.toString(), "mcp:tools");
        String[] parts = token.split("\\.");
        String tampered = parts[0] + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(
                new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8)
                        .replace("jmcp-test", "jmcp-root").getBytes(StandardCharsets.UTF_8)) + "." + parts[2];
        var refused = initialize("Authorization", "Bearer " + tampered);
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(challenge(refused)).contains("invalid_token");
    }

    @Test
    void anApiKeyPassesAsBearerOrXApiKeyAndAWrongOneDoesNot() throws Exception {
        assertThat(whoami("X-API-Key", API_KEY)).contains("subject=ci-bot client=null scopes=[mcp:tools]");
        assertThat(whoami("Authorization", "Bearer " + API_KEY)).contains("subject=ci-bot");
        var refused = initialize("X-API-Key", API_KEY.replace('0', '1'));
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(challenge(refused)).contains("invalid_token");
    }

    @Test
    void aSessionBelongsToWhoOpenedItAndAnyoneElseFindsNoSuchSession() throws Exception {
        var opened = initialize("Authorization", "Bearer " + token(issuer, "jmcp-test", url.toString(), "mcp:tools"));
        assertThat(opened.statusCode()).isEqualTo(200);
        String session = opened.headers().firstValue("Mcp-Session-Id").orElseThrow();
        // Bound to the subject, not to one token: the owner's next token works in it.
        String owner = "Bearer " + token(issuer, "jmcp-test", url.toString(), "mcp:tools");
        assertThat(post("Authorization", owner, session, "{\"jsonrpc\":\"2.0\",\"method\":"
                + "\"notifications/initialized\"}").statusCode()).isEqualTo(202);
        // Someone else with valid credentials of their own cannot use it, nor learn that it exists.
        String call = toolCall(2, "whoami");
        var stranger = post("X-API-Key", API_KEY, session, call);
        assertThat(stranger.statusCode()).isEqualTo(404);
        assertThat(stranger.body()).contains("Session not found").doesNotContain("jmcp-test");
        var unknown = post("X-API-Key", API_KEY, "0123456789abcdef0123456789abcdef", call);
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(unknown.body()).as("the same answer as for a session that never was").isEqualTo(stranger.body());
        // The owner goes on as before.
        var mine = post("Authorization", owner, session, call);
        assertThat(mine.statusCode()).isEqualTo(200);
        assertThat(mine.body()).contains("subject=jmcp-test");
    }

    @Test
    void aToolWithAScopeOfItsOwnNeedsItAndTheChallengeNamesWhatToStepUpTo() throws Exception {
        String basic = "Bearer " + token(issuer, "jmcp-test", url.toString(), "mcp:tools");
        String session = openSession("Authorization", basic);
        String secret = toolCall(3, "secret");
        var refused = post("Authorization", basic, session, secret);
        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(challenge(refused)).contains("error=\"insufficient_scope\"", "scope=\"mcp:admin mcp:tools\"",
                "resource_metadata=");
        assertThat(refused.body()).contains("lacks the scope mcp:admin, which tool 'secret' needs");
        // The other tools are not affected, nor the session.
        assertThat(post("Authorization", basic, session, toolCall(4, "whoami")).statusCode()).isEqualTo(200);
        // Stepped up to what the challenge named, the same subject goes on in the same session.
        String stepped = "Bearer " + token(issuer, "jmcp-test", url.toString(), "mcp:tools mcp:admin");
        var served = post("Authorization", stepped, session, secret);
        assertThat(served.statusCode()).isEqualTo(200);
        assertThat(served.body()).contains("the secret is 42");
        // An API key grants the required scopes only; and a 2026-07-28 request is held to the same rule.
        assertThat(whoami("X-API-Key", API_KEY)).contains("subject=ci-bot");
        var stateless = HTTP.send(HttpRequest.newBuilder(url).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "tools/call").header("Mcp-Name", "secret").header("X-API-Key", API_KEY)
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\","
                        + "\"params\":{\"name\":\"secret\",\"arguments\":{},\"_meta\":{"
                        + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                        + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"t\",\"version\":\"1\"},"
                        + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(stateless.statusCode()).isEqualTo(403);
        assertThat(challenge(stateless)).contains("insufficient_scope", "mcp:admin");
    }

    @Test
    void theJmcpClientGetsItsOwnTokenAndStepsUpWhenAToolAsksForMore() throws Exception {
        var oauth = dev.jmcp.client.auth.OAuth.clientCredentials("jmcp-test", "secret").build();
        try (var client = dev.jmcp.client.McpClient.builder().authorization(oauth).requestTimeout(Duration.ofSeconds(20))
                .stderr(line -> { }).http(url)) {
            // 401 → protected resource metadata → the authorization server's metadata → a token for this resource.
            // oidc-provider offers DPoP, so the client binds its token to a key, and the server checks each proof.
            assertThat(text(client.callTool("whoami", Map.of()))).contains("subject=jmcp-test", "scopes=[mcp:tools]",
                    "bound=true");
            // 403 insufficient_scope naming mcp:admin → a token with both → the call again.
            assertThat(text(client.callTool("secret", Map.of()))).isEqualTo("the secret is 42");
            assertThat(text(client.callTool("whoami", Map.of()))).contains("scopes=[mcp:admin, mcp:tools]");
        }
    }

    private static String text(dev.jmcp.protocol.CallToolResult result) {
        return ((dev.jmcp.protocol.TextContent) result.content().getFirst()).text();
    }

    /** {@code bin/jmcp args...} with its own config folder ({@code XDG_CONFIG_HOME}): exit code and standard error. */
    private static String[] cli(Path config, String... args) throws Exception {
        var command = new ArrayList<String>();
        command.add(Distribution.launcher().toString());
        command.addAll(List.of(args));
        Path err = Files.createTempFile(work, "err", ".txt");
        var builder = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile());
        builder.environment().put("XDG_CONFIG_HOME", config.toString());
        Process process = builder.start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new String[] {String.valueOf(process.exitValue()), Files.readString(err)};
    }

    @Test
    void theCliNotLoggedInSaysHowToLogInAndRegistersNothingWithTheAuthorizationServer() throws Exception {
        Path config = Files.createDirectories(work.resolve("config-none"));
        String[] run = cli(config, "tools", "--url", url.toString());
        assertThat(run[0]).isEqualTo("1");
        // Before, every such command went through discovery and registration first (which this provider, having no
        // dynamic registration, refuses): now it stops at the server's answer.
        assertThat(run[1]).contains("needs authorization", "log in first with 'jmcp login " + url)
                .doesNotContainIgnoringCase("registration");
        assertThat(config.resolve("jmcp/tokens.json")).doesNotExist();
    }

    @Test
    void theCliShowsTheServersOwnReasonForRefusingAStoredToken() throws Exception {
        Path config = Files.createDirectories(work.resolve("config-bad/jmcp"));
        String key = url.getScheme() + "://" + url.getHost() + ":" + url.getPort() + url.getRawPath();
        Files.writeString(config.resolve("tokens.json"), "{\"" + key + "\": {\"accessToken\": \"not-a-token\"}}");
        String[] run = cli(config.getParent(), "tools", "--url", url.toString());
        assertThat(run[0]).isEqualTo("1");
        assertThat(run[1]).contains("invalid_token", "refused the stored tokens", "log in again").doesNotContain("log in first");
    }

    @Test
    void theJmcpClientSignsInWithTheAuthorizationCodeFlowOnTheProvidersOwnPages() throws Exception {
        var signIns = new java.util.concurrent.atomic.AtomicInteger();
        var oauth = dev.jmcp.client.auth.OAuth.builder(URI.create("http://127.0.0.1:8976/callback"), authorizationUrl -> {
            signIns.incrementAndGet();
            return signIn(authorizationUrl, "ada");
        }).preRegistered("jmcp-browser", null).build();
        try (var client = dev.jmcp.client.McpClient.builder().authorization(oauth).requestTimeout(Duration.ofSeconds(20))
                .stderr(line -> { }).http(url)) {
            // Discovery, the authorization request with PKCE and the resource, the person's sign-in and consent on
            // the provider's pages, the code exchanged for a token: the tool sees the person who signed in.
            assertThat(text(client.callTool("whoami", Map.of()))).contains("subject=ada client=jmcp-browser",
                    "scopes=[mcp:tools]");
            // This client's access tokens live 5 s: once expired, the refresh token gets a new one, without the person.
            Thread.sleep(7_000);
            assertThat(text(client.callTool("whoami", Map.of()))).contains("subject=ada");
            assertThat(signIns).as("sign-ins: the expired token was refreshed, not signed in again").hasValue(1);
        }
    }

    /**
     * What a person's browser does with the authorization URL on oidc-provider's development pages: follows the
     * redirects, signs in as {@code login} on the login form, confirms the consent form, and stops where the provider
     * sends it back to the client (the redirect URI with the code), which it returns.
     */
    private static URI signIn(URI authorizationUrl, String login) throws IOException, InterruptedException {
        var browser = HttpClient.newBuilder().cookieHandler(new java.net.CookieManager())
                .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(5)).build();
        HttpRequest next = HttpRequest.newBuilder(authorizationUrl).GET().build();
        for (int step = 0; step < 20; step++) {
            var response = browser.send(next, HttpResponse.BodyHandlers.ofString());
            var location = response.headers().firstValue("Location");
            if (location.isPresent()) {
                URI target = response.uri().resolve(location.get());
                if (target.toString().startsWith("http://127.0.0.1:8976/callback")) return target;
                next = HttpRequest.newBuilder(target).GET().build();
                continue;
            }
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            var form = Pattern.compile("<form[^>]*action=\"([^\"]*)\"", Pattern.CASE_INSENSITIVE).matcher(response.body());
            assertThat(form.find()).as("a form on " + response.uri() + ":\n" + response.body()).isTrue();
            var fields = new java.util.LinkedHashMap<String, String>();
            var inputs = Pattern.compile("<input[^>]*>", Pattern.CASE_INSENSITIVE).matcher(response.body());
            while (inputs.find()) {
                String tag = inputs.group();
                var name = Pattern.compile("name=\"([^\"]*)\"").matcher(tag);
                if (!name.find()) continue;
                var value = Pattern.compile("value=\"([^\"]*)\"").matcher(tag);
                fields.put(name.group(1), value.find() ? value.group(1) : "");
            }
            if (fields.containsKey("login")) fields.put("login", login);
            if (fields.containsKey("password")) fields.put("password", "any password will do");
            String body = fields.entrySet().stream().map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                    + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)).collect(java.util.stream.Collectors.joining("&"));
            next = HttpRequest.newBuilder(response.uri().resolve(form.group(1)))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        }
        throw new AssertionError("the provider never sent the browser back to the client");
    }
}
