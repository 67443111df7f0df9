/**
 * The MCP client: {@code McpClient} over stdio, Streamable HTTP and legacy HTTP+SSE, with authorization. Depends on
 * the protocol module and the JDK's HTTP client only, so it embeds anywhere.
 */
module dev.jmcp.client {
    requires transitive dev.jmcp.protocol;
    requires transitive java.net.http;

    exports dev.jmcp.client;
    exports dev.jmcp.client.auth;
    exports dev.jmcp.client.http;
    exports dev.jmcp.client.search;
    exports dev.jmcp.client.stdio;
    exports dev.jmcp.client.transport;

    uses dev.jmcp.client.search.ToolRanking;
    // Signing and PEM reading for private_key_jwt and DPoP: jmcp-client-jose provides it on Nimbus and Bouncy Castle.
    uses dev.jmcp.client.auth.Jose;

    opens dev.jmcp.client to com.fasterxml.jackson.databind;
    opens dev.jmcp.client.auth to com.fasterxml.jackson.databind;
}
