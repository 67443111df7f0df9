package dev.jmcp.cli.serve;

import dev.jmcp.server.http.HttpOptions;
import dev.jmcp.server.http.TlsOptions;

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
 * the shutdown grace period, and the explicit consent an open, unauthenticated server on a network address needs.
 * Declared, with their help, in {@link ServeCommandLine}, which sets these fields.
 */
public final class NetworkOptions {
    /** Where the key store's password may come from instead of a file. */
    static final String KEYSTORE_PASSWORD_VARIABLE = "JMCP_TLS_KEYSTORE_PASSWORD";

    List<String> allowedHosts = new ArrayList<>();
    Path tlsCertificate;
    Path tlsKey;
    Path tlsKeyStore;
    Path tlsKeyStorePasswordFile;
    Duration gracePeriod;
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
                + "authorization. Configure authorization (--auth-issuer URL for OAuth tokens, --api-key-file FILE for API "
                + "keys), bind a loopback address, or pass "
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
