package dev.jmcp.dist;

import dev.jmcp.client.FoundTools;
import dev.jmcp.client.McpClient;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.testkit.PluginJarBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code jmcp search} and {@link McpClient#searchTools} against the shipped distribution: a jmcp with no search of its
 * own is ranked on the client's side over its {@code tools/list}; a server that has a {@code search_tools} tool is
 * asked to search itself (here a plugin serving that tool in the shape {@code serve --tool-search} answers).
 */
@Timeout(120)
class SearchIT {
    @TempDir
    static Path work;

    record Run(int exitCode, String out, String err) {
    }

    private static Run jmcp(String... args) throws Exception {
        var command = new ArrayList<String>();
        command.add(Distribution.launcher().toString());
        command.addAll(List.of(args));
        Path out = Files.createTempFile(work, "out", ".txt");
        Path err = Files.createTempFile(work, "err", ".txt");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("jmcp " + String.join(" ", args) + " did not end:\n" + Files.readString(err));
        }
        return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static List<String> serve(Path plugins) {
        return List.of(Distribution.launcher().toString(), "serve", "-p", plugins.toString());
    }

    /** A plugin with a {@code search_tools} tool that always finds one tool, {@code found_it}, in the server's shape. */
    private static byte[] searchingPlugin() {
        return PluginJarBuilder.create().plugin("finder.Main", """
                package finder;

                import dev.jmcp.plugin.*;
                import dev.jmcp.protocol.*;
                import java.util.List;
                import java.util.Map;

                public final class Main implements Plugin {
                    @Override
                    public void register(Registrar registrar) {
                        var query = Map.<String, Object>of("type", "object", "properties", Map.of(
                                "query", Map.of("type", "string"), "limit", Map.of("type", "integer")),
                                "required", List.of("query"));
                        registrar.tool(new Tool("search_tools", "Finds tools", query), (args, ctx) -> {
                            var found = Map.<String, Object>of("tools", List.of(Map.of("name", "found_it",
                                    "description", "for " + args.get("query") + " at most " + args.get("limit"),
                                    "inputSchema", Map.of("type", "object"))));
                            return new CallToolResult(List.of(new TextContent("see structuredContent")), found, false,
                                    null);
                        });
                    }
                }
                """).toBytes();
    }

    @Test
    void aServerWithoutSearchIsRankedOnTheClientsSide() throws Exception {
        Path plugins = Distribution.copyOfBundledPlugins(work.resolve("bundled"));
        Run run = jmcp("search", "weather forecast for a city", "--json", "--limit", "3", "--", serve(plugins).get(0),
                "serve", "-p", plugins.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        @SuppressWarnings("unchecked")
        var result = (Map<String, Object>) JsonCodec.shared().parse(run.out());
        @SuppressWarnings("unchecked")
        var tools = (List<Map<String, Object>>) result.get("tools");
        assertThat(tools).isNotEmpty().hasSizeLessThanOrEqualTo(3);
        assertThat(tools.getFirst().get("name")).isEqualTo("get_weather");
        assertThat(tools.getFirst()).containsKey("inputSchema");
        assertThat(result.get("rankedBy")).isIn("bm25", "words");

        Run text = jmcp("search", "weather forecast", "--", serve(plugins).get(0), "serve", "-p", plugins.toString());
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).startsWith("get_weather").contains("(ranked by ");

        Run blank = jmcp("search", " ", "--", serve(plugins).get(0), "serve", "-p", plugins.toString());
        assertThat(blank.exitCode()).isEqualTo(2);
        assertThat(blank.err()).contains("the query is empty");
    }

    @Test
    void theJavaClientSearchesOneMethodEitherWay() throws Exception {
        Path plugins = Distribution.copyOfBundledPlugins(work.resolve("bundled-java"));
        try (McpClient client = McpClient.builder().requestTimeout(Duration.ofSeconds(30)).stderr(line -> { })
                .stdio(serve(plugins), Map.of())) {
            FoundTools found = client.searchTools("weather forecast", 2);
            assertThat(found.tools()).extracting(Tool::name).first().isEqualTo("get_weather");
            assertThat(found.rankedBy()).isNotEqualTo("search_tools");
        }

        Path searching = Files.createDirectories(work.resolve("searching"));
        Files.write(searching.resolve("finder.jar"), searchingPlugin());
        try (McpClient client = McpClient.builder().requestTimeout(Duration.ofSeconds(30)).stderr(line -> { })
                .stdio(serve(searching), Map.of())) {
            FoundTools found = client.searchTools("anything", 4);
            assertThat(found.rankedBy()).isEqualTo("search_tools");
            assertThat(found.tools()).extracting(Tool::name).containsExactly("found_it");
            assertThat(found.tools().getFirst().description()).isEqualTo("for anything at most 4");
        }
        Run run = jmcp("search", "anything", "--json", "--", serve(searching).get(0), "serve", "-p",
                searching.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("\"rankedBy\":\"search_tools\"", "found_it");
    }
}
