/**
 * The jmcp server: the engine and its method table, the transports, plugin loading (JARs, native libraries, mounted
 * servers), the registry and the features. What the command line and embedders use is exported; plugin kinds, the
 * features and the stdio loop stay inside (see each package's {@code package-info}).
 */
module dev.jmcp.server {
    requires transitive dev.jmcp.protocol;
    requires transitive dev.jmcp.plugin;
    requires transitive dev.jmcp.client;
    requires transitive org.eclipse.jetty.server;
    requires transitive org.slf4j;
    requires com.fasterxml.jackson.databind;
    requires com.networknt.schema;
    requires com.github.victools.jsonschema.generator;
    requires com.fasterxml.classmate;
    requires com.nimbusds.jose.jwt;
    requires org.bouncycastle.pkix;
    requires org.bouncycastle.provider;

    exports dev.jmcp.server;
    exports dev.jmcp.server.auth;
    exports dev.jmcp.server.config;
    exports dev.jmcp.server.console;
    exports dev.jmcp.server.http;
    exports dev.jmcp.server.nativeabi;
    exports dev.jmcp.server.observe;
    exports dev.jmcp.server.registry;
    exports dev.jmcp.server.session;
    exports dev.jmcp.server.state;
    exports dev.jmcp.server.toolsearch;

    uses dev.jmcp.server.toolsearch.ToolIndexFactory;
}
