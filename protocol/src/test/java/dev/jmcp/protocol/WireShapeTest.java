package dev.jmcp.protocol;

import dev.jmcp.protocol.json.JsonCodec;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The revision table applied to what goes out: each revision sees exactly the fields and content kinds it defines. */
class WireShapeTest {
    private static final List<Icon> ICONS = List.of(new Icon("https://example.com/i.png", "image/png", null, null));
    private static final Tool TOOL = new Tool("add", "Add", "Adds two numbers",
            Map.of("type", "object"), Map.of("type", "object"),
            new ToolAnnotations(null, true, null, null, null), ICONS, Map.of("k", "v"));

    private static Map<String, Object> tree(Object record) {
        return JsonCodec.shared().toTree(record);
    }

    @Test
    void theNewestRevisionsGetTheToolAsItIsWithoutACopy() {
        assertThat(WireShape.tool(TOOL, ProtocolVersion.V2025_11_25)).isSameAs(TOOL);
        assertThat(WireShape.tool(TOOL, ProtocolVersion.V2026_07_28)).isSameAs(TOOL);
    }

    @Test
    void olderRevisionsLoseExactlyTheFieldsTheyDoNotHave() {
        assertThat(tree(WireShape.tool(TOOL, ProtocolVersion.V2025_06_18)))
                .containsOnlyKeys("name", "title", "description", "inputSchema", "outputSchema", "annotations", "_meta");
        assertThat(tree(WireShape.tool(TOOL, ProtocolVersion.V2025_03_26)))
                .containsOnlyKeys("name", "description", "inputSchema", "annotations", "_meta");
        assertThat(tree(WireShape.tool(TOOL, ProtocolVersion.V2024_11_05)))
                .containsOnlyKeys("name", "description", "inputSchema", "_meta");
    }

    @Test
    void promptArgumentsLoseTheirTitlesBefore2025_06_18() {
        var prompt = new Prompt("p", "P", "d", List.of(new PromptArgument("a", "A", "arg", true)), ICONS, null);
        var shaped = WireShape.prompt(prompt, ProtocolVersion.V2025_03_26);
        assertThat(shaped.title()).isNull();
        assertThat(shaped.icons()).isNull();
        assertThat(shaped.arguments()).containsExactly(new PromptArgument("a", null, "arg", true));
        assertThat(WireShape.prompt(prompt, ProtocolVersion.V2025_06_18).arguments().getFirst().title()).isEqualTo("A");
    }

    @Test
    void contentKindsARevisionLacksBecomeTextAPersonCanRead() {
        var result = new CallToolResult(List.of(new TextContent("t", null, null),
                new AudioContent("AAAA", "audio/wav", null, null),
                new ResourceLink("file:///a.txt", "a", null, null, null, null, null, null, null)),
                Map.of("x", 1), false, null);
        var old = WireShape.callToolResult(result, ProtocolVersion.V2024_11_05);
        assertThat(old.content()).extracting(c -> ((TextContent) c).text()).containsExactly("t",
                "[audio content (audio/wav) not shown: protocol 2024-11-05 has no audio content]",
                "Resource: file:///a.txt (a)");
        assertThat(old.structuredContent()).isNull();
        var mid = WireShape.callToolResult(result, ProtocolVersion.V2025_03_26);
        assertThat(mid.content().get(1)).isInstanceOf(AudioContent.class);
        assertThat(mid.content().get(2)).isInstanceOf(TextContent.class);
        assertThat(WireShape.callToolResult(result, ProtocolVersion.V2025_06_18)).isSameAs(result);
    }

    @Test
    void resourcesAndTemplatesLoseTitlesAndIconsAlike() {
        var resource = new Resource("file:///r", "r", "R", null, "text/plain", 3L, null, ICONS, null);
        assertThat(tree(WireShape.resource(resource, ProtocolVersion.V2025_03_26))).doesNotContainKeys("title", "icons");
        assertThat(tree(WireShape.resource(resource, ProtocolVersion.V2025_06_18))).containsKey("title")
                .doesNotContainKey("icons");
        var template = new ResourceTemplate("file:///{p}", "t", "T", null, null, null, ICONS, null);
        assertThat(WireShape.template(template, ProtocolVersion.V2025_11_25)).isSameAs(template);
        assertThat(WireShape.template(template, ProtocolVersion.V2024_11_05).title()).isNull();
    }

    @Test
    void from2026_07_28OnACompleteResultSaysSoAndCarriesItsCacheHint() {
        Map<String, Object> listing = Map.of("tools", List.of());
        assertThat(WireShape.complete(listing, ProtocolVersion.V2025_11_25, CacheHint.shared(java.time.Duration.ofMinutes(1))))
                .isSameAs(listing);
        assertThat(WireShape.complete(listing, ProtocolVersion.V2026_07_28, CacheHint.shared(java.time.Duration.ofMinutes(1))))
                .containsEntry("resultType", "complete").containsEntry("ttlMs", 60_000L)
                .containsEntry("cacheScope", "public").containsKey("tools");
        assertThat(WireShape.complete(listing, ProtocolVersion.V2026_07_28, null))
                .containsOnlyKeys("tools", "resultType");
    }

    @Test
    void theStatelessRevisionsOwnResultsAreRecordsWithTheirWireNames() {
        assertThat(tree(new InputRequiredResult(Map.of("who", Map.of("method", "roots/list")), "sealed")))
                .containsEntry("resultType", "input_required").containsEntry("requestState", "sealed")
                .containsKey("inputRequests");
        assertThat(tree(new DiscoverResult(List.of("2026-07-28"), Map.of(), null, new Implementation("s", "1"))))
                .containsOnlyKeys("supportedVersions", "capabilities", "_meta")
                .containsEntry("_meta", Map.of(DiscoverResult.SERVER_INFO, Map.of("name", "s", "version", "1")));
        assertThat(CacheHint.of(Map.of("ttlMs", 5, "cacheScope", "public"))).isEqualTo(new CacheHint(5, "public"));
        assertThat(CacheHint.of(Map.of("ttlMs", 5))).isEqualTo(new CacheHint(5, "private"));
        assertThat(CacheHint.of(Map.of("ttlMs", -5))).isNull();
        assertThat(CacheHint.of(Map.of("resultType", "complete"))).isNull();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new CacheHint(-1, "public"))
                .hasMessageContaining("negative");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new CacheHint(1, "everyone"))
                .hasMessageContaining("'public' or 'private'");
    }
}
