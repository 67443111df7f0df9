package dev.jmcp.cli.serve;

import dev.jmcp.cli.DurationValue;
import dev.jmcp.server.http.HttpOptions;
import dev.jmcp.server.http.TlsOptions;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The options of {@code jmcp serve} for a server others reach over a network: names allowed in {@code Host}, TLS,
 * the shutdown grace period, and the explicit consent an open, unauthenticated server on a network address needs
 * (a picocli mixin).
 */
public final class NetworkOptions {
    /** Where the key store's password may come from instead of a file. */
    static final String KEYSTORE_PASSWORD_VARIABLE = "JMCP_TLS_KEYSTORE_PASSWORD";

    @Option(names = "--allow-host", paramLabel = "HOST",
            description = "Also accept HTTP requests whose Host header names HOST (repeatable), e.g. the machine's "
                    + "name; loopback names and the bound address are always accepted. Allows no Origin.")
    List<String> allowedHosts = new ArrayList<>();

    @Option(names = "--tls-cert", paramLabel = "FILE",
            description = "Serve HTTPS with this PEM certificate (chain); with --tls-key.")
    Path tlsCertificate;

    @Option(names = "--tls-key", paramLabel = "FILE",
            description = "The PEM private key (PKCS#8, RSA or EC) of --tls-cert.")
    Path tlsKey;

    @Option(names = "--tls-keystore", paramLabel = "FILE",
            description = "Serve HTTPS with the key in this PKCS#12 or JKS key store; its password comes from "
                    + "--tls-password-file or the environment variable " + KEYSTORE_PASSWORD_VARIABLE + ".")
    Path tlsKeyStore;

    @Option(names = "--tls-password-file", paramLabel = "FILE",
            description = "A file holding the key store's password (its first line).")
    Path tlsKeyStorePasswordFile;

    @Option(names = "--grace-period", defaultValue = "30s", paramLabel = "DURATION", converter = DurationValue.class,
            description = "On SIGTERM, how long calls in flight may take to finish before the server exits "
                    + "(default: ${DEFAULT-VALUE}).")
    Duration gracePeriod;

    @Option(names = "--allow-unauthenticated-network",
            description = "Serve on a non-loopback address without authorization: anyone who reaches the port can "
                    + "call every tool. Without it, such a server refuses to start.")
    boolean allowUnauthenticatedNetwork;

    /** {@code base} with these options applied; throws IllegalArgumentException naming a bad option. */
    HttpOptions applyTo(HttpOptions base) throws IOException {
        return base.withAllowedHosts(allowedHosts).withTls(tls()).withGracePeriod(gracePeriod);
    }

    private TlsOptions tls() throws IOException {
        if (tlsCertificate == null && tlsKey == null && tlsKeyStore == null) return null;
        if (tlsKeyStore != null) {
            if (tlsCertificate != null || tlsKey != null) {
                throw new IllegalArgumentException("give either --tls-cert and --tls-key or --tls-keystore, not both");
            }
            String password = tlsKeyStorePasswordFile != null
                    ? Files.readAllLines(tlsKeyStorePasswordFile).stream().findFirst().orElse("")
                    : System.getenv(KEYSTORE_PASSWORD_VARIABLE);
            if (password == null) {
                throw new IllegalArgumentException("--tls-keystore needs its password: --tls-password-file FILE"
                        + " or the environment variable " + KEYSTORE_PASSWORD_VARIABLE);
            }
            return TlsOptions.keyStore(tlsKeyStore, password);
        }
        if (tlsCertificate == null || tlsKey == null) {
            throw new IllegalArgumentException("--tls-cert and --tls-key go together");
        }
        return TlsOptions.pem(tlsCertificate, tlsKey);
    }

    /**
     * Null when serving on {@code host} is fine; otherwise why not, with the way out. A non-loopback address with no
     * authorization configured needs {@code --allow-unauthenticated-network}.
     */
    String refusal(String host, boolean authorized) {
        if (authorized || allowUnauthenticatedNetwork || isLoopback(host)) return null;
        return "--host " + host + " would serve every tool to anyone who can reach this machine, with no "
                + "authorization. Configure authorization (--api-key-file FILE), bind a loopback address, or pass "
                + "--allow-unauthenticated-network to accept that";
    }

    /** Whether an open server on a network address was accepted (to be said in the log). */
    boolean openOnNetwork(String host, boolean authorized) {
        return !authorized && allowUnauthenticatedNetwork && !isLoopback(host);
    }

    static boolean isLoopback(String host) {
        if (host.equals("localhost")) return true;
        try {
            // Literal addresses only: a name is not looked up here (it could name anything later).
            if (!Character.isDigit(host.charAt(0)) && !host.contains(":")) return false;
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
