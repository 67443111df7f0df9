package dev.jmcp.bench.peers;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * The smallest idiomatic server on the official MCP Java SDK that exposes {@code echo(text)}, the tool every server
 * in the benchmarks serves: the synchronous server API, over stdio or over the SDK's Streamable HTTP servlet in
 * embedded Jetty at {@code http://127.0.0.1:<port>/mcp}. Runs until it is stopped (SIGTERM) or, on stdio, until
 * standard input ends.
 *
 * <pre>java -cp ... dev.jmcp.bench.peers.JavaSdkEchoServer stdio | http PORT</pre>
 */
public final class JavaSdkEchoServer {

    private JavaSdkEchoServer() {
    }

    public static void main(String[] args) throws Exception {
        McpJsonMapper json = McpJsonDefaults.getMapper();
        if (args.length == 1 && args[0].equals("stdio")) {
            McpSyncServer server = build(McpServer.sync(new StdioServerTransportProvider(json)));
            // The transport reads standard input on its own threads; stay up until the process is stopped.
            new CountDownLatch(1).await();
            server.close();
        } else if (args.length == 2 && args[0].equals("http")) {
            var transport = HttpServletStreamableServerTransportProvider.builder()
                    .jsonMapper(json).mcpEndpoint("/mcp").build();
            build(McpServer.sync(transport));
            var jetty = new Server();
            var connector = new ServerConnector(jetty);
            connector.setHost("127.0.0.1");
            connector.setPort(Integer.parseInt(args[1]));
            jetty.addConnector(connector);
            var context = new ServletContextHandler();
            var servlet = new ServletHolder(transport);
            servlet.setAsyncSupported(true);
            context.addServlet(servlet, "/*");
            jetty.setHandler(context);
            jetty.start();
            jetty.join();
        } else {
            System.err.println("usage: JavaSdkEchoServer stdio | http PORT");
            System.exit(2);
        }
    }

    private static McpSyncServer build(McpServer.SyncSpecification<?> specification) {
        var echo = McpServerFeatures.SyncToolSpecification.builder()
                .tool(McpSchema.Tool.builder()
                        .name("echo")
                        .description("Returns its text argument")
                        .inputSchema(Map.of(
                                "type", "object",
                                "properties", Map.of("text", Map.of("type", "string", "description", "The text to return")),
                                "required", List.of("text")))
                        .build())
                .callHandler((exchange, request) -> McpSchema.CallToolResult.builder()
                        .addTextContent((String) request.arguments().get("text"))
                        .build())
                .build();
        return specification
                .serverInfo("java-sdk-echo", "1.0.0")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .tools(echo)
                .build();
    }
}
