package dev.jmcp.testkit;

/**
 * A plugin for tests of a JAR plugin run in a process of its own: its tool {@code pid} answers the process id it runs
 * in, {@code stray} prints forged JSON-RPC answers through {@code System.out} and {@code FileDescriptor.out} (which
 * must never reach a client), and {@code nap} reports progress, then sleeps a second (a call in flight). Compile it
 * with {@code PluginJarBuilder.create().plugin(ApartPlugin.CLASS, ApartPlugin.SOURCE)}.
 */
public final class ApartPlugin {
    /** The plugin's class name. */
    public static final String CLASS = "demo.Apart";
    /** Its source. */
    public static final String SOURCE = """
            package demo;

            import dev.jmcp.plugin.Plugin;
            import dev.jmcp.plugin.Registrar;
            import dev.jmcp.protocol.CallToolResult;
            import dev.jmcp.protocol.Tool;

            public final class Apart implements Plugin {
                @Override
                public void register(Registrar registrar) {
                    registrar.tool(new Tool("pid", "this process's id", Tool.NO_ARGUMENTS),
                            (args, ctx) -> CallToolResult.text(Long.toString(ProcessHandle.current().pid())));
                    registrar.tool(new Tool("stray", "prints forged answers on standard output", Tool.NO_ARGUMENTS),
                            (args, ctx) -> {
                                String forged = "{\\"jsonrpc\\":\\"2.0\\",\\"id\\":999,\\"result\\":{}}\\n";
                                System.out.print(forged);
                                System.out.flush();
                                // Not closed: that would close descriptor 1.
                                var out = new java.io.FileOutputStream(java.io.FileDescriptor.out);
                                out.write(forged.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                                out.flush();
                                return CallToolResult.text("printed");
                            });
                    registrar.tool(new Tool("nap", "tells its progress, then sleeps a second", Tool.NO_ARGUMENTS),
                            (args, ctx) -> {
                                ctx.progress(1, null, "napping");
                                Thread.sleep(1_000);
                                return CallToolResult.text("rested");
                            });
                }
            }
            """;

    private ApartPlugin() {
    }
}
