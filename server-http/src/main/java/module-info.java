/**
 * The jmcp server over HTTP: {@link dev.jmcp.server.http.HttpTransport} (Streamable HTTP and the legacy HTTP+SSE
 * transport on Jetty), its authorization ({@code dev.jmcp.server.auth}) and the operator console. Add this module
 * beside the server to serve HTTP; the server itself knows nothing of Jetty.
 */
module dev.jmcp.server.http {
    requires transitive dev.jmcp.server;
    requires org.eclipse.jetty.server;
    requires com.nimbusds.jose.jwt;
    requires org.bouncycastle.pkix;
    requires org.bouncycastle.provider;
    // The JDK's HTTP client fetches the authorization server's keys (auth.JwtVerifier).
    requires java.net.http;

    // What an embedder uses: the transport, its options and its authorization. HttpSurfaceTest holds the list.
    exports dev.jmcp.server.http;
    exports dev.jmcp.server.auth;
    // What only the jmcp command uses (see dev.jmcp.server's module-info on the automatic module dev.jmcp.cli).
    exports dev.jmcp.server.console to dev.jmcp.cli;
}
