package com.example.notes;

import dev.jmcp.client.CompletionReference;
import dev.jmcp.plugin.testkit.PluginTestKit;
import dev.jmcp.plugin.testkit.PluginUnderTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The plugin in a real jmcp engine in this JVM, called by real clients in every protocol revision. */
class NotesPluginTest {
    private static PluginUnderTest plugin;

    @BeforeAll
    static void load() throws Exception {
        plugin = PluginTestKit.plugin(NotesPlugin.class).name("notes").start();
    }

    @AfterAll
    static void close() throws Exception {
        plugin.close();
    }

    @Test
    void theTemplateIsListedAndReadsANote() throws Exception {
        plugin.forEachRevision(client -> {
            assertEquals(NotesPlugin.TEMPLATE, client.listResourceTemplates().getFirst().uriTemplate());
            assertEquals("milk, bread", PluginTestKit.text(client.readResource("note://groceries")));
        });
    }

    @Test
    void aTitleIsCompletedFromTheNotesThereAre() throws Exception {
        plugin.forEachRevision(client -> assertEquals(List.of("greetings", "groceries"), client.complete(
                CompletionReference.resourceTemplate(NotesPlugin.TEMPLATE), "title", "gr").values()));
    }

    @Test
    void aWrittenNoteCanBeReadAndAnUnknownOneIsNotFound() throws Exception {
        var client = plugin.client();
        var written = client.callTool("write_note", Map.of("title", "todo", "text", "ship it"));
        assertEquals("note://todo", PluginTestKit.text(written));
        assertEquals("ship it", PluginTestKit.text(client.readResource("note://todo")));
        assertThrows(Exception.class, () -> client.readResource("note://nothing"));
        assertTrue(client.callTool("write_note", Map.of("title", "a b", "text", "x")).isError());
    }
}
