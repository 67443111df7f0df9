package com.example.notes;

import dev.jmcp.plugin.Arg;
import dev.jmcp.plugin.McpTool;
import dev.jmcp.plugin.Plugin;
import dev.jmcp.plugin.Registrar;
import dev.jmcp.plugin.ResourceNotFoundException;
import dev.jmcp.plugin.ToolException;
import dev.jmcp.protocol.Completion;
import dev.jmcp.protocol.ReadResourceResult;
import dev.jmcp.protocol.ResourceTemplate;

import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * An example plugin: notes kept in memory, written with a tool and read through the resource template
 * {@code note://{title}}, whose {@code title} the client can complete from the notes there are.
 */
public final class NotesPlugin implements Plugin {
    static final String TEMPLATE = "note://{title}";

    private final Map<String, String> notes = new ConcurrentSkipListMap<>(Map.of(
            "groceries", "milk, bread", "greetings", "Hello, Ada!"));

    @Override
    public void register(Registrar registrar) {
        registrar.annotated(this)
                .resourceTemplate(new ResourceTemplate(TEMPLATE, "note", "A note by its title.", "text/plain"),
                        (uri, variables, context) -> {
                            String text = notes.get(variables.get("title"));
                            if (text == null) throw new ResourceNotFoundException(uri);
                            return ReadResourceResult.text(uri, "text/plain", text);
                        })
                .resourceCompletion(TEMPLATE, "title", (value, resolved, context) ->
                        Completion.of(notes.keySet().stream().filter(title -> title.startsWith(value)).toList()));
    }

    @McpTool(name = "write_note", description = "Writes a note, readable afterwards as note://TITLE", destructiveHint = false)
    public String writeNote(@Arg(description = "The note's title: letters, digits and hyphens") String title,
                            @Arg(description = "The note's text") String text) {
        if (!title.matches("[A-Za-z0-9-]+")) throw new ToolException("a title is letters, digits and hyphens");
        notes.put(title, text);
        return "note://" + title;
    }
}
