/*
 * The added cost of a call through the native host program over the same call in process: the same library, the same
 * NativePlugin front (arguments validated, result parsed), called directly (no MCP client, no transport), in
 * alternating rounds so that a busy machine weighs on both alike. Prints p50 and p90 per way and the p50 difference.
 *
 *   java --enable-native-access=ALL-UNNAMED -cp 'dist/target/jmcp/lib/*' bench/native/NativeCallCost.java \
 *       LIBRARY TOOL ARGUMENTS_JSON [ROUNDS] [CALLS_PER_ROUND]
 * e.g. ... libsleep.so sleep '{"milliseconds":0}' 10 2000 (the original server's sleep library).
 */
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.server.nativeabi.NativeHost;
import dev.jmcp.server.nativeabi.NativeOptions;
import dev.jmcp.server.nativeabi.NativePlugin;
import dev.jmcp.server.registry.ToolEntry;

import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;

public class NativeCallCost {
    public static void main(String[] args) throws Exception {
        Path library = Path.of(args[0]).toAbsolutePath();
        String tool = args[1];
        @SuppressWarnings("unchecked")
        Map<String, Object> arguments = (Map<String, Object>) JsonCodec.shared().parse(args[2]);
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 10;
        int calls = args.length > 4 ? Integer.parseInt(args[4]) : 2000;
        var context = (RequestContext) Proxy.newProxyInstance(RequestContext.class.getClassLoader(),
                new Class<?>[] {RequestContext.class}, (proxy, method, a) -> switch (method.getName()) {
                    case "hasProgressToken", "isCancelled", "clientSupportsRoots", "clientSupportsSampling",
                         "clientSupportsElicitation", "clientSupportsUrlElicitation", "inTask" -> false;
                    default -> null;
                });
        var options = new NativeOptions(false, Duration.ofSeconds(30));
        NativePlugin inProcess = NativePlugin.load(library, options);
        NativePlugin child = NativePlugin.spawn(library, "bench", options, NativeHost.command());
        ToolEntry here = entry(inProcess, tool);
        ToolEntry there = entry(child, tool);
        long[] hereTimes = new long[rounds * calls];
        long[] thereTimes = new long[rounds * calls];
        for (int i = 0; i < 2 * calls; i++) {
            here.handler().call(arguments, context);
            there.handler().call(arguments, context);
        }
        for (int r = 0; r < rounds; r++) {
            measure(here, arguments, context, hereTimes, r * calls, calls);
            measure(there, arguments, context, thereTimes, r * calls, calls);
        }
        Arrays.sort(hereTimes);
        Arrays.sort(thereTimes);
        int n = hereTimes.length;
        System.out.printf("in process: p50 %.1f µs, p90 %.1f µs | native host: p50 %.1f µs, p90 %.1f µs | added p50 %.1f µs"
                        + " (%d calls each)%n", hereTimes[n / 2] / 1e3, hereTimes[n * 9 / 10] / 1e3, thereTimes[n / 2] / 1e3,
                thereTimes[n * 9 / 10] / 1e3, (thereTimes[n / 2] - hereTimes[n / 2]) / 1e3, n);
        inProcess.retire();
        child.retire();
        child.awaitClosed(Duration.ofSeconds(10));
    }

    static ToolEntry entry(NativePlugin plugin, String tool) {
        return plugin.contribution().tools().stream().filter(t -> t.tool().name().equals(tool)).findFirst().orElseThrow();
    }

    static void measure(ToolEntry entry, Map<String, Object> arguments, RequestContext context, long[] into, int from,
                        int calls) throws Exception {
        for (int i = 0; i < calls; i++) {
            long start = System.nanoTime();
            var result = entry.handler().call(arguments, context);
            into[from + i] = System.nanoTime() - start;
            if (result.isError()) throw new IllegalStateException("the call failed: " + result);
        }
    }
}
