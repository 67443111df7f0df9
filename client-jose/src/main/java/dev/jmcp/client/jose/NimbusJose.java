package dev.jmcp.client.jose;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.RSAKey;
import dev.jmcp.client.auth.Jose;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.openssl.PEMEncryptedKeyPair;
import org.bouncycastle.openssl.PEMException;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.pkcs.PKCS8EncryptedPrivateKeyInfo;

import java.io.IOException;
import java.io.StringReader;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.text.ParseException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The client's {@link Jose} on Nimbus JOSE+JWT, which makes and signs the JWS and the JWK, and Bouncy Castle, whose
 * PEM parser reads PKCS#8, PKCS#1 and SEC1 keys; the JDK's own providers make the keys and the signatures. Found by
 * the client with {@link java.util.ServiceLoader}, which calls the public constructor; nothing else uses this class.
 * Stateless and thread-safe.
 */
public final class NimbusJose implements Jose {

    /** What the client's {@link java.util.ServiceLoader} calls. */
    public NimbusJose() {
    }

    @Override
    public String sign(Map<String, Object> header, Map<String, Object> claims, PrivateKey key)
            throws GeneralSecurityException {
        if (header.containsKey("alg")) {
            throw new IllegalArgumentException("the key chooses alg; the header names none, not " + header.get("alg"));
        }
        JWSAlgorithm algorithm = algorithm(key);
        var json = new LinkedHashMap<String, Object>();
        json.put("alg", algorithm.getName());
        json.putAll(header);
        try {
            var jws = new JWSObject(JWSHeader.parse(json), new Payload(claims));
            jws.sign(signer(key));
            return jws.serialize();
        } catch (ParseException e) {
            throw new IllegalArgumentException("not a JWS header: " + e.getMessage(), e);
        } catch (JOSEException e) {
            throw new GeneralSecurityException("could not sign the JWS: " + e.getMessage(), e);
        }
    }

    @Override
    public PrivateKey readPrivateKey(String pem) throws IOException {
        try (var parser = new PEMParser(new StringReader(pem))) {
            var converter = new JcaPEMKeyConverter();
            for (Object read = parser.readObject(); read != null; read = parser.readObject()) {
                PrivateKey key = switch (read) {
                    case PrivateKeyInfo pkcs8 -> converter.getPrivateKey(pkcs8);
                    // The private part alone: a SEC1 key's public key is optional, and some writers leave it out.
                    case PEMKeyPair traditional -> converter.getPrivateKey(traditional.getPrivateKeyInfo());
                    case PKCS8EncryptedPrivateKeyInfo encrypted -> throw encrypted();
                    case PEMEncryptedKeyPair encrypted -> throw encrypted();
                    default -> null;
                };
                if (key == null) continue;
                try {
                    algorithm(key);
                } catch (InvalidKeyException e) {
                    throw new IOException("the PEM private key signs no JWS: " + e.getMessage(), e);
                }
                return key;
            }
        } catch (PEMException e) {
            throw new IOException("the PEM private key cannot be used (" + e.getMessage() + "); EC keys on P-256, "
                    + "P-384 or P-521 and RSA keys of 2048 bits or more sign a JWS", e);
        } catch (RuntimeException e) {
            throw new IOException("not readable PEM: " + e.getMessage(), e);
        }
        throw new IOException("no PEM private key (-----BEGIN PRIVATE KEY-----, -----BEGIN RSA PRIVATE KEY----- or "
                + "-----BEGIN EC PRIVATE KEY-----) in the text");
    }

    private static IOException encrypted() {
        return new IOException("the PEM private key is encrypted; decrypt it with 'openssl pkey -in KEY -out PLAIN'");
    }

    @Override
    public Map<String, Object> publicJwk(PublicKey key) throws GeneralSecurityException {
        if (key instanceof ECPublicKey ec) return new ECKey.Builder(curve(ec), ec).build().toJSONObject();
        if (key instanceof RSAPublicKey rsa) return new RSAKey.Builder(rsa).build().toJSONObject();
        throw new InvalidKeyException("an EC or RSA public key is a JWK here, not " + key.getAlgorithm());
    }

    /**
     * The JWS algorithm of {@code key}. RFC 7518 §3.4 ties each ECDSA algorithm to one curve (ES256 is P-256 with
     * SHA-256), so the curve chooses; RS256 for RSA, the one RSA algorithm every authorization server accepts.
     */
    static JWSAlgorithm algorithm(PrivateKey key) throws InvalidKeyException {
        if (key instanceof ECPrivateKey ec) {
            Curve curve = curve(ec);
            if (Curve.P_256.equals(curve)) return JWSAlgorithm.ES256;
            if (Curve.P_384.equals(curve)) return JWSAlgorithm.ES384;
            if (Curve.P_521.equals(curve)) return JWSAlgorithm.ES512;
            throw new InvalidKeyException("an EC key on P-256, P-384 or P-521 signs a JWS, not one on " + curve);
        }
        if (key instanceof RSAPrivateKey rsa) {
            int bits = rsa.getModulus().bitLength();
            // RFC 7518 §3.3: "A key of size 2048 bits or larger MUST be used with these algorithms."
            if (bits < 2048) throw new InvalidKeyException("an RSA key signs a JWS from 2048 bits on, not " + bits);
            return JWSAlgorithm.RS256;
        }
        throw new InvalidKeyException("an EC or RSA key signs a JWS, not " + key.getAlgorithm());
    }

    private static Curve curve(java.security.interfaces.ECKey key) throws InvalidKeyException {
        Curve curve = Curve.forECParameterSpec(key.getParams());
        if (curve == null) {
            throw new InvalidKeyException("an EC key on P-256, P-384 or P-521 signs a JWS, not one on a curve of "
                    + key.getParams().getCurve().getField().getFieldSize() + " bits");
        }
        return curve;
    }

    private static JWSSigner signer(PrivateKey key) throws JOSEException {
        return key instanceof ECPrivateKey ec ? new ECDSASigner(ec) : new RSASSASigner(key);
    }
}
