package dev.jmcp.client.jose;

import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.util.io.pem.PemObject;

import java.io.IOException;
import java.io.StringWriter;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.interfaces.ECPrivateKey;

/** Keys in PEM as OpenSSL writes them, made by Bouncy Castle rather than by the code under test. */
final class Pem {
    private Pem() {
    }

    /** {@code BEGIN PRIVATE KEY}: PKCS#8. */
    static String pkcs8(PrivateKey key) throws IOException {
        return of(new JcaPKCS8Generator(key, null));
    }

    /**
     * The traditional form, OpenSSL's default: PKCS#1 ({@code BEGIN RSA PRIVATE KEY}) for RSA, SEC1
     * ({@code BEGIN EC PRIVATE KEY}, with the curve and the public key inside) for EC. Written from the parts for EC:
     * a JDK key's own encoding keeps the curve outside the SEC1 structure, which Bouncy Castle's writer would copy.
     */
    static String traditional(KeyPair pair) throws IOException {
        if (!(pair.getPrivate() instanceof ECPrivateKey ec)) return of(pair.getPrivate());
        ASN1Encodable curve = PrivateKeyInfo.getInstance(ec.getEncoded()).getPrivateKeyAlgorithm().getParameters();
        var sec1 = new org.bouncycastle.asn1.sec.ECPrivateKey(ec.getParams().getOrder().bitLength(), ec.getS(),
                SubjectPublicKeyInfo.getInstance(pair.getPublic().getEncoded()).getPublicKeyData(), curve);
        return of(new PemObject("EC PRIVATE KEY", sec1.getEncoded()));
    }

    /** Whatever Bouncy Castle's PEM writer makes of {@code object}. */
    static String of(Object object) throws IOException {
        var text = new StringWriter();
        try (var writer = new JcaPEMWriter(text)) {
            writer.writeObject(object);
        }
        return text.toString();
    }
}
