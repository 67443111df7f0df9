package dev.jmcp.server.http;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static dev.jmcp.server.http.TrustingClients.trusting;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * HTTPS from a private key in each PEM form OpenSSL writes — PKCS#1 and SEC1 ("traditional") and PKCS#8 — made by the
 * real {@code openssl} command as an operator makes them, with a self-signed certificate for 127.0.0.1, and served to
 * a client that trusts that certificate.
 */
@Timeout(120)
class PemKeyTest {
    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

    @TempDir
    Path folder;

    @BeforeAll
    static void opensslIsThere() {
        boolean found;
        try {
            found = new ProcessBuilder("openssl", "version").redirectErrorStream(true).start().waitFor(30, TimeUnit.SECONDS);
        } catch (IOException | InterruptedException e) {
            found = false;
        }
        Assumptions.assumeTrue(found, "the openssl command makes the keys of these tests");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "RSA PRIVATE KEY | RSA     | genrsa -traditional -out key.pem 2048",
            "PRIVATE KEY     | RSA     | genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out key.pem",
            "EC PRIVATE KEY  | EC      | ecparam -name prime256v1 -genkey -noout -out key.pem",
            "PRIVATE KEY     | EC      | genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out key.pem",
            "PRIVATE KEY     | Ed25519 | genpkey -algorithm ed25519 -out key.pem"})
    void aKeyInEachPemFormIsReadAndServed(String pemType, String algorithm, String generate) throws Exception {
        openssl(generate.split(" "));
        Path key = folder.resolve("key.pem");
        assertThat(Files.readString(key)).as("openssl wrote the form under test").contains("-----BEGIN " + pemType + "-----");
        openssl("req", "-new", "-x509", "-key", "key.pem", "-out", "cert.pem", "-days", "2", "-subj", "/CN=127.0.0.1",
                "-addext", "subjectAltName=IP:127.0.0.1");
        Path cert = folder.resolve("cert.pem");

        KeyStore store = TlsOptions.pem(cert, key).load();
        var read = store.getKey("jmcp", TlsOptions.IN_MEMORY_PASSWORD.toCharArray());
        assertThat(read.getAlgorithm()).isIn(algorithm, "Ed25519".equals(algorithm) ? "EdDSA" : algorithm);

        try (var fixture = new HttpFixture(HttpOptions.defaults().withTls(TlsOptions.pem(cert, key)))) {
            var response = trusting(store.getCertificate("jmcp")).send(HttpRequest.newBuilder(fixture.transport.url())
                    .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                    .POST(HttpRequest.BodyPublishers.ofString(INITIALIZE)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).contains("\"protocolVersion\":\"2025-11-25\"");
        }
    }

    @Test
    void aSec1KeyWithoutItsOptionalPublicKeyIsReadAndServed() throws Exception {
        // SEC1 (RFC 5915) makes the public key optional; 'openssl ec -no_public' writes one without it.
        openssl("ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "full.pem");
        openssl("req", "-new", "-x509", "-key", "full.pem", "-out", "cert.pem", "-days", "2", "-subj", "/CN=127.0.0.1",
                "-addext", "subjectAltName=IP:127.0.0.1");
        openssl("ec", "-in", "full.pem", "-no_public", "-out", "key.pem");
        Path key = folder.resolve("key.pem");
        assertThat(Files.readString(key)).contains("-----BEGIN EC PRIVATE KEY-----");

        KeyStore store = TlsOptions.pem(folder.resolve("cert.pem"), key).load();
        assertThat(store.getKey("jmcp", TlsOptions.IN_MEMORY_PASSWORD.toCharArray()).getAlgorithm()).isEqualTo("EC");
    }

    @Test
    void anEncryptedKeyIsRefusedWithTheWayOut() throws Exception {
        openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "plain.pem");
        openssl("req", "-new", "-x509", "-key", "plain.pem", "-out", "cert.pem", "-days", "2", "-subj", "/CN=127.0.0.1");
        openssl("pkey", "-in", "plain.pem", "-aes256", "-passout", "pass:secret", "-out", "key.pem");
        assertThat(Files.readString(folder.resolve("key.pem"))).contains("ENCRYPTED PRIVATE KEY");

        assertThatThrownBy(() -> TlsOptions.pem(folder.resolve("cert.pem"), folder.resolve("key.pem")).load())
                .isInstanceOf(IOException.class).hasMessageContaining("encrypted key").hasMessageContaining("openssl pkey");
    }

    @Test
    void aFileWithoutAKeyOrWithABrokenOneSaysSo() throws Exception {
        openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "key.pem");
        openssl("req", "-new", "-x509", "-key", "key.pem", "-out", "cert.pem", "-days", "2", "-subj", "/CN=127.0.0.1");
        Path cert = folder.resolve("cert.pem");

        assertThatThrownBy(() -> TlsOptions.pem(cert, cert).load()).hasMessageContaining("holds no PEM private key");
        Path broken = Files.writeString(folder.resolve("rsa.pem"),
                "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n");
        assertThatThrownBy(() -> TlsOptions.pem(cert, broken).load()).hasMessageContaining("rsa.pem")
                .hasMessageContaining("not a readable PEM file");
    }

    private void openssl(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("openssl"));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).directory(folder.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(String.join(" ", command) + ": " + output).isZero();
    }
}
