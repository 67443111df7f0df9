package com.example.coffee;

import dev.jmcp.plugin.testkit.PluginTestKit;
import dev.jmcp.plugin.testkit.PluginUnderTest;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.ProtocolVersion;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The plugin in a real jmcp engine in this JVM, its questions answered by the test as a user would through a client,
 * in every revision that has elicitation (in 2026-07-28 the test kit's client answers the input_required round and
 * retries, as a real client does).
 */
class CoffeePluginTest {
    private static final List<ElicitRequest> asked = new CopyOnWriteArrayList<>();
    private static PluginUnderTest plugin;

    /** The user: takes a large latte with sugar, declines a decaf, closes the form for anything else. */
    private static ElicitResult user(ElicitRequest question) {
        asked.add(question);
        if (question.message().contains("latte")) return new ElicitResult("accept", Map.of("size", "large", "sugar", true));
        if (question.message().contains("decaf")) return new ElicitResult("decline", null);
        return new ElicitResult("cancel", null);
    }

    @BeforeAll
    static void load() throws Exception {
        plugin = PluginTestKit.plugin(CoffeePlugin.class).name("coffee").onElicitation(CoffeePluginTest::user)
                .revisions(ProtocolVersion.V2025_06_18, ProtocolVersion.V2025_11_25, ProtocolVersion.V2026_07_28)
                .start();
    }

    @AfterAll
    static void close() throws Exception {
        plugin.close();
    }

    @Test
    void aMissingSizeIsAskedForWithAFormAndTheAnswerOrdered() throws Exception {
        plugin.forEachRevision(client -> {
            asked.clear();
            String text = PluginTestKit.text(client.callTool("order_coffee", Map.of("drink", "latte")));
            assertTrue(text.startsWith("Ordered: large latte with sugar"), text);
            assertEquals(1, asked.size());
            assertEquals("How would you like your latte?", asked.getFirst().message());
            assertEquals(CoffeePlugin.FORM, asked.getFirst().requestedSchema());
        });
    }

    @Test
    void aDeclineOrdersNothingAndACancelIsAToolError() throws Exception {
        plugin.forEachRevision(client -> {
            assertEquals("No order: the user declined.",
                    PluginTestKit.text(client.callTool("order_coffee", Map.of("drink", "decaf"))));
            var cancelled = client.callTool("order_coffee", Map.of("drink", "mocha"));
            assertTrue(cancelled.isError());
            assertEquals("No order: the user cancelled.", PluginTestKit.text(cancelled));
        });
    }

    @Test
    void aGivenSizeIsNotAskedForAndAClientThatCannotBeAskedIsToldWhatToGive() throws Exception {
        asked.clear();
        var old = plugin.client(ProtocolVersion.V2025_03_26);   // before elicitation existed
        assertTrue(PluginTestKit.text(old.callTool("order_coffee", Map.of("drink", "espresso", "size", "small")))
                .startsWith("Ordered: small espresso"));
        var refused = old.callTool("order_coffee", Map.of("drink", "espresso"));
        assertTrue(refused.isError());
        assertEquals("give the size (small, medium or large): this client cannot ask the user",
                PluginTestKit.text(refused));
        assertEquals(List.of(), asked);
    }
}
