package dev.jmcp.server.http;

import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.openssl.PEMEncryptedKeyPair;
import org.bouncycastle.openssl.PEMException;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.pkcs.PKCS8EncryptedPrivateKeyInfo;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collection;

/**
 * Where HTTPS gets its certificate and private key: a PEM certificate chain and a PEM private key, as
 * certificate authorities and Let's Encrypt hand them out, or a key store (PKCS#12 or JKS) with its password.
 * Immutable; the files are read when the transport starts.
 *
 * @param certificate      PEM file with the server's certificate first, then its chain; with {@code privateKey}
 * @param privateKey       PEM file with the certificate's private key (RSA, EC or Ed25519), unencrypted: PKCS#8,
 *                         PKCS#1 or SEC1
 * @param keyStore         a PKCS#12 or JKS key store holding one private key entry; instead of the two PEM files
 * @param keyStorePassword the key store's password (and its key's)
 */
public record TlsOptions(Path certificate, Path privateKey, Path keyStore, String keyStorePassword) {
    public TlsOptions {
        boolean pem = certificate != null || privateKey != null;
        if (pem && keyStore != null) {
            throw new IllegalArgumentException("give either a PEM certificate and key or a key store, not both");
        }
        if (pem && (certificate == null || privateKey == null)) {
            throw new IllegalArgumentException("a PEM certificate needs its private key, and the key its certificate");
        }
        if (!pem && keyStore == null) throw new IllegalArgumentException("TLS needs a certificate and key, or a key store");
    }

    public static TlsOptions pem(Path certificate, Path privateKey) {
        return new TlsOptions(certificate, privateKey, null, null);
    }

    public static TlsOptions keyStore(Path keyStore, String password) {
        return new TlsOptions(null, null, keyStore, password);
    }

    /** The password of the key store {@link #load} builds from PEM files; it never leaves this process. */
    static final String IN_MEMORY_PASSWORD = "jmcp-in-memory";

    /**
     * The key store to serve with: the configured one, or one built in memory from the PEM files.
     *
     * @throws IOException with a message naming the file and what is wrong with it
     */
    KeyStore load() throws IOException {
        try {
            if (keyStore != null) {
                KeyStore store = KeyStore.getInstance(keyStore.toFile(), password());
                if (!hasKey(store)) throw new IOException(keyStore + " holds no private key entry");
                return store;
            }
            Certificate[] chain = certificates(certificate);
            PrivateKey key = privateKey(privateKey);
            if (!matches(chain[0], key)) {
                throw new IOException("the private key in " + privateKey + " does not belong to the certificate in "
                        + certificate);
            }
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry("jmcp", key, IN_MEMORY_PASSWORD.toCharArray(), chain);
            return store;
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot use " + (keyStore != null ? keyStore : certificate + " and " + privateKey)
                    + " for TLS: " + e.getMessage(), e);
        }
    }

    /** The password of the store {@link #load} returns. */
    char[] password() {
        return keyStore != null ? (keyStorePassword == null ? new char[0] : keyStorePassword.toCharArray())
                : IN_MEMORY_PASSWORD.toCharArray();
    }

    private static boolean hasKey(KeyStore store) throws GeneralSecurityException {
        for (var aliases = store.aliases(); aliases.hasMoreElements(); ) {
            if (store.isKeyEntry(aliases.nextElement())) return true;
        }
        return false;
    }

    private static Certificate[] certificates(Path file) throws IOException, GeneralSecurityException {
        Collection<? extends Certificate> certificates;
        try (InputStream in = Files.newInputStream(file)) {
            certificates = CertificateFactory.getInstance("X.509").generateCertificates(in);
        } catch (java.security.cert.CertificateException e) {
            throw new IOException(file + " holds no readable PEM certificate: " + e.getMessage(), e);
        }
        if (certificates.isEmpty()) throw new IOException(file + " holds no certificate");
        return certificates.toArray(Certificate[]::new);
    }

    /**
     * The first private key in a PEM file, in any form OpenSSL writes one: PKCS#8 ({@code PRIVATE KEY}), PKCS#1
     * ({@code RSA PRIVATE KEY}) or SEC1 ({@code EC PRIVATE KEY}). Bouncy Castle's PEM reader parses it; the JDK's
     * providers make the key.
     */
    private static PrivateKey privateKey(Path file) throws IOException {
        Object key = firstKey(file);
        try {
            return switch (key) {
                case PrivateKeyInfo pkcs8 -> new JcaPEMKeyConverter().getPrivateKey(pkcs8);
                // The private part alone: SEC1 makes an EC key's public key optional ('openssl ec -no_public').
                case PEMKeyPair traditional -> new JcaPEMKeyConverter().getPrivateKey(traditional.getPrivateKeyInfo());
                case null -> throw new IOException(file + " holds no PEM private key (-----BEGIN PRIVATE KEY-----)");
                default -> throw new IOException(file + " holds an encrypted key; decrypt it with 'openssl pkey -in "
                        + file.getFileName() + "', or use a key store and its password");
            };
        } catch (PEMException e) {
            throw new IOException(file + ": the private key cannot be used (" + e.getMessage()
                    + "); RSA, EC and Ed25519 keys are served", e);
        }
    }

    /** The first key object of a PEM file (plain or encrypted), or null; certificates and parameters are skipped. */
    private static Object firstKey(Path file) throws IOException {
        try (var pem = new PEMParser(Files.newBufferedReader(file, StandardCharsets.US_ASCII))) {
            for (Object read = pem.readObject(); read != null; read = pem.readObject()) {
                if (read instanceof PrivateKeyInfo || read instanceof PEMKeyPair
                        || read instanceof PKCS8EncryptedPrivateKeyInfo || read instanceof PEMEncryptedKeyPair) {
                    return read;
                }
            }
            return null;
        } catch (IOException | RuntimeException e) {
            throw new IOException(file + " is not a readable PEM file: " + e.getMessage(), e);
        }
    }

    /** Whether {@code key} signs what the certificate's public key verifies. */
    private static boolean matches(Certificate certificate, PrivateKey key) throws GeneralSecurityException {
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            default -> key.getAlgorithm();
        };
        byte[] probe = "jmcp".getBytes(StandardCharsets.US_ASCII);
        var signer = java.security.Signature.getInstance(algorithm);
        signer.initSign(key);
        signer.update(probe);
        byte[] signature = signer.sign();
        var verifier = java.security.Signature.getInstance(algorithm);
        try {
            verifier.initVerify(certificate.getPublicKey());
        } catch (java.security.InvalidKeyException e) {
            return false;
        }
        verifier.update(probe);
        return verifier.verify(signature);
    }

}
