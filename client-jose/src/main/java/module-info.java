/**
 * The jmcp client's JOSE on Nimbus JOSE+JWT and Bouncy Castle: it signs the client's {@code private_key_jwt}
 * assertions and DPoP proofs and reads private keys from PEM in any form OpenSSL writes. Exports nothing: the client
 * finds it through the service below, so no type of it is anyone's API. A program adds it beside the client.
 */
module dev.jmcp.client.jose {
    requires dev.jmcp.client;
    requires com.nimbusds.jose.jwt;
    requires org.bouncycastle.pkix;
    requires org.bouncycastle.provider;

    provides dev.jmcp.client.auth.Jose with dev.jmcp.client.jose.NimbusJose;
}
