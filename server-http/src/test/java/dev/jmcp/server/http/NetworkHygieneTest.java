package dev.jmcp.server.http;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import javax.net.ssl.SSLHandshakeException;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static dev.jmcp.server.http.TrustingClients.trusting;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What a server reachable from a network needs, on real sockets: health and readiness, Host names allowed apart from
 * origins, CORS for allowed origins, and TLS from PEM files or a key store with a certificate made by keytool.
 */
@Timeout(60)
class NetworkHygieneTest {
    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

    @TempDir
    Path folder;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private HttpFixture fixture;

    @AfterEach
    void stop() {
        if (fixture != null) fixture.close();
    }

    private HttpResponse<String> send(HttpClient client, HttpRequest.Builder request) throws Exception {
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest.Builder get(String path) {
        return HttpRequest.newBuilder(fixture.transport.url().resolve(path)).GET();
    }

    private HttpRequest.Builder initialize(URI url) {
        return HttpRequest.newBuilder(url).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(INITIALIZE));
    }

    @Test
    void healthIsAlwaysUpAndReadinessFollowsLoadingServingAndDraining() throws Exception {
        fixture = new HttpFixture(HttpOptions.defaults(), HttpTransport::loading);
        assertThat(send(http, get("/health")).body()).isEqualTo("{\"status\":\"up\"}");
        var starting = send(http, get("/ready"));
        assertThat(starting.statusCode()).isEqualTo(503);
        assertThat(starting.body()).contains("starting");
        var early = send(http, initialize(fixture.transport.url()));
        assertThat(early.statusCode()).isEqualTo(503);
        assertThat(early.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(early.body()).contains("still loading its plugins");

        fixture.transport.ready();
        assertThat(send(http, get("/ready")).statusCode()).isEqualTo(200);
        assertThat(send(http, initialize(fixture.transport.url())).statusCode()).isEqualTo(200);

        fixture.transport.drain();
        assertThat(send(http, get("/ready")).body()).contains("draining");
        var late = send(http, initialize(fixture.transport.url()));
        assertThat(late.statusCode()).isEqualTo(503);
        assertThat(late.body()).contains("shutting down");
        assertThat(send(http, get("/health")).statusCode()).isEqualTo(200);
    }

    @Test
    void healthAnswersAProbeNamingTheInstanceByAnyHostWhileMcpRefusesIt() throws Exception {
        fixture = new HttpFixture(HttpOptions.defaults());
        int port = fixture.transport.port();
        assertThat(rawGet(port, "/health", "10.1.2.3:" + port)).startsWith("HTTP/1.1 200");
        assertThat(rawGet(port, "/mcp", "10.1.2.3:" + port)).startsWith("HTTP/1.1 403").contains("--allow-host");
    }

    @Test
    void anAllowedHostIsAcceptedWithoutAllowingAnyOrigin() throws Exception {
        fixture = new HttpFixture(HttpOptions.defaults().withAllowedHosts(List.of("mcp.internal")));
        int port = fixture.transport.port();
        assertThat(rawPost(port, "mcp.internal:" + port, null)).startsWith("HTTP/1.1 200");
        assertThat(rawPost(port, "mcp.internal:" + port, "http://mcp.internal")).startsWith("HTTP/1.1 403");
    }

    @Test
    void anAllowedOriginGetsCorsPreflightsAndExposedHeadersAndOthersGetNone() throws Exception {
        fixture = new HttpFixture(HttpOptions.defaults().withAllowedOrigins(List.of("https://app.example.com")));
        var preflight = send(http, HttpRequest.newBuilder(fixture.transport.url())
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", "https://app.example.com")
                .header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "content-type, mcp-session-id, mcp-protocol-version"));
        assertThat(preflight.statusCode()).isEqualTo(204);
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin")).hasValue("https://app.example.com");
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Methods").orElseThrow()).contains("POST", "DELETE");
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Headers").orElseThrow()).contains("mcp-session-id");

        var answer = send(http, initialize(fixture.transport.url()).header("Origin", "https://app.example.com"));
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("Access-Control-Allow-Origin")).hasValue("https://app.example.com");
        assertThat(answer.headers().firstValue("Access-Control-Expose-Headers").orElseThrow())
                .contains("Mcp-Session-Id", "MCP-Protocol-Version", "WWW-Authenticate");
        assertThat(answer.headers().allValues("Vary")).anyMatch(v -> v.contains("Origin"));

        var stranger = send(http, HttpRequest.newBuilder(fixture.transport.url())
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", "https://evil.example").header("Access-Control-Request-Method", "POST"));
        assertThat(stranger.statusCode()).isEqualTo(403);
        assertThat(stranger.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
    }

    @Test
    void tlsFromPemFilesServesMcpToAClientThatTrustsTheCertificate() throws Exception {
        KeyStore store = keytoolStore("RSA");
        Path cert = folder.resolve("cert.pem");
        Path key = folder.resolve("key.pem");
        Certificate certificate = store.getCertificate("jmcp");
        Files.writeString(cert, pem("CERTIFICATE", certificate.getEncoded()));
        Files.writeString(key, pem("PRIVATE KEY", store.getKey("jmcp", "changeit".toCharArray()).getEncoded()));

        fixture = new HttpFixture(HttpOptions.defaults().withTls(TlsOptions.pem(cert, key)));
        URI url = fixture.transport.url();
        assertThat(url.getScheme()).isEqualTo("https");
        var response = send(trusting(certificate), initialize(url));
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("\"protocolVersion\":\"2025-11-25\"");

        assertThatThrownBy(() -> send(http, initialize(url))).as("a client that does not trust it")
                .isInstanceOf(SSLHandshakeException.class);
        // Plain HTTP to the TLS port gets no MCP answer.
        assertThat(rawPost(fixture.transport.port(), "127.0.0.1", null)).doesNotContain("protocolVersion");
    }

    @Test
    void aRenewedCertificateIsServedWithoutARestart() throws Exception {
        KeyStore first = keytoolStore("RSA");
        Path cert = folder.resolve("cert.pem");
        Path key = folder.resolve("key.pem");
        Files.writeString(cert, pem("CERTIFICATE", first.getCertificate("jmcp").getEncoded()));
        Files.writeString(key, pem("PRIVATE KEY", first.getKey("jmcp", "changeit".toCharArray()).getEncoded()));
        fixture = new HttpFixture(HttpOptions.defaults().withTls(TlsOptions.pem(cert, key)));
        URI url = fixture.transport.url();
        assertThat(send(trusting(first.getCertificate("jmcp")), initialize(url)).statusCode()).isEqualTo(200);

        // Renewed as certbot does it: new files moved into place, the key first (a moment when they do not match).
        KeyStore renewed = keytoolStore("EC");
        Path newKey = Files.writeString(folder.resolve("key.pem.new"),
                pem("PRIVATE KEY", renewed.getKey("jmcp", "changeit".toCharArray()).getEncoded()));
        Files.move(newKey, key, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Path newCert = Files.writeString(folder.resolve("cert.pem.new"),
                pem("CERTIFICATE", renewed.getCertificate("jmcp").getEncoded()));
        Files.move(newCert, cert, java.nio.file.StandardCopyOption.REPLACE_EXISTING);

        HttpClient trustingRenewed = trusting(renewed.getCertificate("jmcp"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            try {
                // A new client each time: a new connection, so a new handshake.
                if (send(trusting(renewed.getCertificate("jmcp")), initialize(url)).statusCode() == 200) break;
            } catch (java.io.IOException stillTheOldOne) {
                // the old certificate still served
            }
            assertThat(System.nanoTime()).as("the renewed certificate served within 20 s").isLessThan(deadline);
            Thread.sleep(100);
        }
        assertThat(send(trustingRenewed, initialize(url)).statusCode()).isEqualTo(200);
        assertThatThrownBy(() -> send(trusting(first.getCertificate("jmcp")), initialize(url)))
                .as("a client trusting only the old certificate").isInstanceOf(java.io.IOException.class);
    }

    @Test
    void tlsFromAKeyStoreWithAnEcKey() throws Exception {
        KeyStore store = keytoolStore("EC");
        Path file = folder.resolve("server-ec.p12");
        fixture = new HttpFixture(HttpOptions.defaults().withTls(TlsOptions.keyStore(file, "changeit")));
        var response = send(trusting(store.getCertificate("jmcp")), initialize(fixture.transport.url()));
        assertThat(response.statusCode()).isEqualTo(200);
    }

    @Test
    void aKeyThatIsNotTheCertificatesIsRefused() throws Exception {
        KeyStore one = keytoolStore("RSA");
        Files.move(folder.resolve("server-rsa.p12"), folder.resolve("one.p12"));
        KeyStore other = keytoolStore("RSA");
        Path cert = Files.writeString(folder.resolve("cert.pem"), pem("CERTIFICATE", one.getCertificate("jmcp").getEncoded()));
        Path key = Files.writeString(folder.resolve("key.pem"),
                pem("PRIVATE KEY", other.getKey("jmcp", "changeit".toCharArray()).getEncoded()));
        assertThatThrownBy(() -> TlsOptions.pem(cert, key).load()).hasMessageContaining("does not belong");
        assertThatThrownBy(() -> TlsOptions.pem(cert, null)).isInstanceOf(IllegalArgumentException.class);
    }

    /** A self-signed certificate for 127.0.0.1 made by the JDK's keytool, as an operator would make one. */
    private KeyStore keytoolStore(String algorithm) throws Exception {
        Path file = folder.resolve("server-" + algorithm.toLowerCase() + ".p12");
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process process = new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", "jmcp", "-keyalg", algorithm,
                "-dname", "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-validity", "2",
                "-storetype", "PKCS12", "-keystore", file.toString(), "-storepass", "changeit", "-keypass", "changeit")
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        return KeyStore.getInstance(file.toFile(), "changeit".toCharArray());
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(der) + "\n-----END " + type + "-----\n";
    }


    private static String rawGet(int port, String path, String host) throws IOException {
        return raw(port, "GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
    }

    private static String rawPost(int port, String host, String origin) throws IOException {
        byte[] body = INITIALIZE.getBytes(StandardCharsets.UTF_8);
        return raw(port, "POST /mcp HTTP/1.1\r\nHost: " + host + "\r\n" + (origin == null ? "" : "Origin: " + origin + "\r\n")
                + "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                + "Content-Length: " + body.length + "\r\nConnection: close\r\n\r\n" + INITIALIZE);
    }

    private static String raw(int port, String request) throws IOException {
        try (var socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (java.net.SocketException e) {
            return "closed: " + e.getMessage();
        }
    }
}
