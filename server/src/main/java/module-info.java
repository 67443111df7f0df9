/**
 * The jmcp server: the engine and its method table, the registry, the features and the stdio transport. What embedders
 * use is exported to everyone, what only jmcp's own modules use to them alone; the engine, the method table, the
 * sessions' dispatch, the features and the stdio loop stay inside (see each package's {@code package-info}). The HTTP
 * transport is a module of its own ({@code dev.jmcp.server.http}, artifact jmcp-server-http), so a server that serves
 * no HTTP brings no Jetty; so are the plugin kinds (JARs, native libraries, mounted servers) and the hot reload of the
 * plugins folder ({@code dev.jmcp.server.plugins}, artifact jmcp-server-plugins), which this module finds as a
 * {@link dev.jmcp.server.folder.PluginFolders} service, so a server that serves no plugins folder loads none of them.
 */
module dev.jmcp.server {
    requires transitive dev.jmcp.protocol;
    requires transitive dev.jmcp.plugin;
    requires transitive org.slf4j;
    requires com.fasterxml.jackson.databind;
    requires com.networknt.schema;
    requires com.github.victools.jsonschema.generator;
    requires com.fasterxml.classmate;

    // What an embedder uses: the server, its options, a transport of one's own, and the extension points jmcp's
    // optional modules implement (call observers: server-otel; shared state: server-redis; the tool index:
    // tool-search). PublicSurfaceTest holds the list.
    exports dev.jmcp.server;
    exports dev.jmcp.server.config;
    exports dev.jmcp.server.observe;
    exports dev.jmcp.server.state;
    exports dev.jmcp.server.toolsearch;
    exports dev.jmcp.server.transport;
    // What only the jmcp command uses. The command runs on the class path, where this changes nothing; on a module path
    // its JAR is the automatic module dev.jmcp.cli (its manifest says so), which javac does not see here and warns of.
    exports dev.jmcp.server.process to dev.jmcp.cli;
    // ... and the plugin kinds, whose in-process native libraries must not inherit the protocol's standard output.
    exports dev.jmcp.server.stdio to dev.jmcp.cli, dev.jmcp.server.plugins;
    // What the HTTP transport (module dev.jmcp.server.http) serves through: the engine, the sessions and the method
    // rows, the stateless revision's dispatch, the registry's URI templates, and the repeated-lines log its refusals use;
    // and McpServer's engine, which it reads through engine.Engines (HttpTransport(McpServer, HttpOptions)). No one else
    // sees them.
    // What the plugin kinds (module dev.jmcp.server.plugins) load into and serve through: the plugins folder's service
    // interface, the registry, the schemas of annotated tools, and a mount's outbound requests and its caller's identity
    // (session). Each qualified export is one the target module's main code uses, never one only its tests need
    // (ServerPluginsModuleBoundariesTest).
    exports dev.jmcp.server.engine to dev.jmcp.server.http;
    exports dev.jmcp.server.folder to dev.jmcp.server.plugins;
    exports dev.jmcp.server.logs to dev.jmcp.server.http;
    exports dev.jmcp.server.registry to dev.jmcp.server.http, dev.jmcp.server.plugins;
    exports dev.jmcp.server.schema to dev.jmcp.server.plugins;
    exports dev.jmcp.server.session to dev.jmcp.server.http, dev.jmcp.server.plugins;
    exports dev.jmcp.server.stateless to dev.jmcp.server.http;

    // What serves a plugins folder: the plugin kinds' module provides it.
    uses dev.jmcp.server.folder.PluginFolders;
    uses dev.jmcp.server.toolsearch.ToolIndexFactory;
    // A JAR plugin's child process (process.JarHostMain) sets its logging up with this service where there is one.
    uses dev.jmcp.server.process.ChildLogging;
}
