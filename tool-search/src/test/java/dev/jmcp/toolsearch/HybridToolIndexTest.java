package dev.jmcp.toolsearch;

import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.ToolAnnotations;
import dev.jmcp.server.toolsearch.SearchableTool;
import dev.jmcp.server.toolsearch.ToolIndex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

import static dev.jmcp.toolsearch.Tools.tool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(60)
class HybridToolIndexTest {

    private static HybridToolIndex lexical() {
        return new HybridToolIndexFactory().index("none", null);
    }

    @Test
    void findsToolsByTheWordsOfTheirNamesAndDescriptions() {
        try (HybridToolIndex index = lexical()) {
            index.update(Tools.few());
            assertThat(index.search("what's the forecast in Paris", 3)).first().isEqualTo("weather_get_forecast");
            assertThat(index.search("open a new issue on github", 3)).first().isEqualTo("github_create_issue");
            assertThat(index.search("pull requests", 3)).first().isEqualTo("github_list_pull_requests");
            assertThat(index.search("readFile", 3)).first().isEqualTo("fs_read_file");
            assertThat(index.search("zzzqqq", 3)).isEmpty();
        }
    }

    @Test
    void aMistypedWordFindsTheToolItNamesButNotThroughParametersOrSource() {
        try (HybridToolIndex index = lexical()) {
            index.update(Tools.few());
            assertThat(index.search("wheather forcast", 3)).first().isEqualTo("weather_get_forecast");
            assertThat(index.search("navigte", 3)).first().isEqualTo("browser_navigate");
        }
        // A typo is matched in a tool's name, title and description only: a parameter's word is no match for it.
        Tool tool = new Tool("run", null, "Runs it.", Map.of("type", "object", "properties",
                Map.of("dialect", Map.of("type", "string", "description", "the SQL dialect"))), null, null, null, null);
        try (HybridToolIndex index = lexical()) {
            index.update(List.of(new SearchableTool(tool, "databases", "Tools for relational databases")));
            assertThat(index.search("dialect", 1)).containsExactly("run");
            assertThat(index.search("dialekt", 1)).isEmpty();
        }
    }

    @Test
    void parametersAnnotationsAndSourceAreSearchable() {
        Tool tool = new Tool("run", null, "Runs it.", Map.of("type", "object", "properties",
                Map.of("dialect", Map.of("type", "string", "enum", List.of("sqlite", "mysql"),
                        "description", "the SQL dialect"))), null,
                new ToolAnnotations(null, true, null, null, null), null, null);
        try (HybridToolIndex index = lexical()) {
            index.update(List.of(new SearchableTool(tool, "databases", "Tools for relational databases"),
                    tool("other", "Does something else entirely.")));
            assertThat(index.search("mysql", 1)).containsExactly("run");
            assertThat(index.search("relational", 1)).containsExactly("run");
            assertThat(index.search("read only", 1)).containsExactly("run");
        }
    }

    @Test
    void aWordOfOneSourcesNameThatNoOtherSourcesToolsUseNamesThatSource() {
        try (HybridToolIndex index = lexical()) {
            index.update(List.of(
                    sourced("notion_search", "Search pages and databases by their title.", "Notion"),
                    sourced("brave_web_search", "Search the web with Brave.", "Brave Search"),
                    sourced("maps_geocode", "Turn an address into coordinates.", "Google Maps (MCP reference server)"),
                    sourced("list_events", "List the events of a calendar in a time range.", "Google Calendar"),
                    sourced("get_current_time", "The current time in a time zone.", "Time"),
                    sourced("git_log", "Show the commit log.", "Git (local repositories)"),
                    sourced("gitlab_log", "Show a project's git history.", "GitLab")));
            // Not "search" (a Notion tool searches too), "google" (two sources), "reference" or "server" (no one's
            // name), "time" (a calendar tool's word), "git" (GitLab's tool uses it), "repositories" (in parentheses).
            assertThat(index.sourceNames()).containsOnly(Map.entry("notion", "Notion"),
                    Map.entry("brave", "Brave Search"), Map.entry("maps", "Google Maps (MCP reference server)"),
                    Map.entry("calendar", "Google Calendar"), Map.entry("gitlab", "GitLab"));
            assertThat(index.search("search our Notion for the onboarding doc", 2)).first().isEqualTo("notion_search");
            index.update(List.of(sourced("notion_search", "Search pages and databases by their title.", "Notion"),
                    sourced("obsidian_search", "Search the notes of a Notion export.", "Obsidian")));
            assertThat(index.sourceNames()).containsOnly(Map.entry("obsidian", "Obsidian"));
        }
    }

    private static SearchableTool sourced(String name, String description, String source) {
        return new SearchableTool(new Tool(name, description, Tool.NO_ARGUMENTS), source, null);
    }

    @Test
    void updatesAddReplaceAndRemoveOnlyWhatChanged() {
        try (HybridToolIndex index = lexical()) {
            index.update(Tools.few());
            Map<String, String> before = index.hashes();
            List<SearchableTool> next = new ArrayList<>(Tools.few());
            next.removeIf(t -> t.tool().name().equals("browser_navigate"));
            next.replaceAll(t -> t.tool().name().equals("slack_post_message")
                    ? tool("slack_post_message", "Send a chat note to a Slack channel.", "channel") : t);
            next.add(tool("calendar_create_event", "Create a calendar event.", "start", "end"));
            index.update(next);
            Map<String, String> after = index.hashes();
            assertThat(after).doesNotContainKey("browser_navigate").containsKey("calendar_create_event");
            assertThat(after.get("slack_post_message")).isNotEqualTo(before.get("slack_post_message"));
            assertThat(after.get("github_create_issue")).isEqualTo(before.get("github_create_issue"));
            assertThat(index.search("navigate browser url", 5)).doesNotContain("browser_navigate");
            assertThat(index.search("chat note", 1)).containsExactly("slack_post_message");
            assertThat(index.search("calendar event", 1)).containsExactly("calendar_create_event");
            assertThat(index.size()).isEqualTo(7);
            index.update(List.of());
            assertThat(index.search("calendar event", 5)).isEmpty();
        }
    }

    @Test
    @Timeout(120)
    void aSearchDuringUpdatesSeesOneConsistentSet() throws Exception {
        // Two sets of the same names: "alpha" tools all say "red", "beta" tools all say "blue". A search must never
        // see some tools of one set and some of the other.
        List<SearchableTool> red = new ArrayList<>();
        List<SearchableTool> blue = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            red.add(tool("tool_" + i, "colour red shade " + i));
            blue.add(tool("tool_" + i, "colour blue shade " + i));
        }
        try (HybridToolIndex index = lexical()) {
            index.update(red);
            AtomicBoolean stop = new AtomicBoolean();
            ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
            Thread searcher = Thread.ofPlatform().start(() -> {
                for (int n = 0; n < 2_000 && !stop.get(); n++) {
                    int reds = index.search("red", 50).size();
                    int blues = index.search("blue", 50).size();
                    int both = index.search("colour", 50).size();
                    if (both != 40) problems.add("colour found " + both);
                    if (reds != 0 && reds != 40) problems.add("red found " + reds);
                    if (blues != 0 && blues != 40) problems.add("blue found " + blues);
                }
            });
            for (int n = 0; n < 30; n++) index.update(n % 2 == 0 ? blue : red);
            stop.set(true);
            searcher.join(60_000);
            assertThat(searcher.isAlive()).isFalse();
            assertThat(problems).isEmpty();
        }
    }

    @Test
    void aToolsSummaryIsItsNameTitleAndTheDescriptionsFirstSentence() {
        Tool titled = new Tool("get_issue", "Issue", "Get one issue by number. Returns its comments too.",
                Tool.NO_ARGUMENTS, null, null, null, null);
        assertThat(ToolDocument.of(new SearchableTool(titled, "github", null)).summaryText())
                .isEqualTo("get issue: Issue. Get one issue by number");
        assertThat(summary("list_files", "\n\n  List the files of a folder\nOne line each. Sorted."))
                .isEqualTo("list files. List the files of a folder");
        assertThat(summary("deploy", "Deploy v1.2 of an app to fly.io! Then wait.")).isEqualTo(
                "deploy. Deploy v1.2 of an app to fly.io");
        assertThat(summary("ping", "")).isEqualTo("ping");
        assertThat(summary("ping", "   ")).isEqualTo("ping");
        assertThat(ToolDocument.firstSentence("Why? Because.")).isEqualTo("Why");
    }

    private static String summary(String name, String description) {
        return ToolDocument.of(tool(name, description)).summaryText();
    }

    @Test
    void aMegabyteDescriptionIsBounded() {
        String huge = "lorem ipsum dolor ".repeat(60_000) + "needle";
        SearchableTool tool = new SearchableTool(new Tool("huge", huge, Tool.NO_ARGUMENTS), "src", huge);
        ToolDocument document = ToolDocument.of(tool);
        assertThat(document.description()).hasSize(ToolDocument.FIELD_CHARS);
        assertThat(document.context().length()).isLessThanOrEqualTo(ToolDocument.FIELD_CHARS + 2);
        assertThat(document.denseText().length()).isLessThanOrEqualTo(ToolDocument.DENSE_CHARS);
        assertThat(document.summaryText().length()).isLessThanOrEqualTo("huge. ".length() + ToolDocument.SUMMARY_CHARS);
        try (HybridToolIndex index = lexical()) {
            index.update(List.of(tool, tool("small", "A small tool about lorem.")));
            assertThat(index.search("lorem", 5)).contains("huge", "small");
            assertThat(index.search("needle", 5)).isEmpty();
        }
    }

    @Test
    void noneNeverLoadsAModel() {
        try (HybridToolIndex index = lexical()) {
            assertThat(index.dense()).isNull();
            assertThat(index.describe()).isEqualTo("bm25");
        }
    }

    @Test
    void aBadModelIsRefusedWithAClearMessage(@org.junit.jupiter.api.io.TempDir Path folder) throws Exception {
        HybridToolIndexFactory factory = new HybridToolIndexFactory();
        assertThatThrownBy(() -> factory.create(folder.resolve("missing.onnx").toString(), folder))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a readable file");
        Path onnx = Files.writeString(folder.resolve("model.onnx"), "not a model");
        assertThatThrownBy(() -> factory.create(onnx.toString(), folder))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tokenizer.json");
        assertThatThrownBy(() -> factory.create(" ", folder)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theFactoryIsFoundThroughServiceLoader() {
        Set<String> found = new java.util.HashSet<>();
        java.util.ServiceLoader.load(dev.jmcp.server.toolsearch.ToolIndexFactory.class)
                .forEach(f -> found.add(f.getClass().getName()));
        assertThat(found).contains(HybridToolIndexFactory.class.getName());
        try (ToolIndex index = java.util.ServiceLoader.load(dev.jmcp.server.toolsearch.ToolIndexFactory.class)
                .findFirst().orElseThrow().create("none", null)) {
            index.update(Tools.few());
            assertThat(index.search("slack", 1)).containsExactly("slack_post_message");
        }
    }
}
