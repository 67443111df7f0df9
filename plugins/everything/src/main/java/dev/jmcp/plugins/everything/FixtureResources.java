package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.Json;
import dev.jmcp.plugin.Registrar;
import dev.jmcp.protocol.BlobResourceContents;
import dev.jmcp.protocol.Completion;
import dev.jmcp.protocol.ReadResourceResult;
import dev.jmcp.protocol.Resource;
import dev.jmcp.protocol.ResourceTemplate;

import java.util.LinkedHashMap;
import java.util.List;

/**
 * The fixture's resources: {@code test://static-text} (listed first, so the first listed resource is readable),
 * {@code test://static-binary}, the subscribable {@code test://watched-resource}, and the template
 * {@code test://template/{id}/data} with completion of {@code id}. Stateless apart from the shared
 * {@link WatchedResource}.
 */
final class FixtureResources {
    static final String STATIC_TEXT_URI = "test://static-text";
    static final String STATIC_TEXT = "This is the content of the static text resource.";
    static final String STATIC_BINARY_URI = "test://static-binary";
    static final String TEMPLATE = "test://template/{id}/data";
    static final List<String> SUGGESTED_IDS = List.of("1", "2", "3", "123", "456");

    private FixtureResources() {
    }

    static void register(Registrar registrar, WatchedResource watched) {
        registrar
                .resource(new Resource(STATIC_TEXT_URI, "static-text", "A fixed text resource.", "text/plain"),
                        (uri, context) -> ReadResourceResult.text(uri, "text/plain", STATIC_TEXT))
                .resource(new Resource(STATIC_BINARY_URI, "static-binary", "A fixed binary resource: a 1x1 PNG.",
                                Media.PNG_MIME_TYPE),
                        (uri, context) -> new ReadResourceResult(List.of(
                                new BlobResourceContents(uri, Media.PNG_MIME_TYPE, Media.PNG_BASE64))))
                .resource(new Resource(WatchedResource.URI, "watched-resource",
                                "A text resource to subscribe to; test_watched_resource_update changes it.", "text/plain"),
                        (uri, context) -> watched.read())
                .resourceTemplate(new ResourceTemplate(TEMPLATE, "template-data",
                                "JSON data for any id, e.g. test://template/123/data.", "application/json"),
                        (uri, variables, context) -> ReadResourceResult.text(uri, "application/json",
                                templateData(variables.get("id"))))
                .resourceCompletion(TEMPLATE, "id", (value, resolved, context) ->
                        Completion.of(SUGGESTED_IDS.stream().filter(id -> id.startsWith(value)).toList()));
    }

    /** {@code {"id":"<id>","templateTest":true,"data":"Data for ID: <id>"}}, the id escaped as a JSON string. */
    static String templateData(String id) {
        var data = new LinkedHashMap<String, Object>();
        data.put("id", id);
        data.put("templateTest", true);
        data.put("data", "Data for ID: " + id);
        return Json.write(data);
    }
}
