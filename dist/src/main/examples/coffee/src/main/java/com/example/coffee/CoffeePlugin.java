package com.example.coffee;

import dev.jmcp.plugin.Arg;
import dev.jmcp.plugin.McpTool;
import dev.jmcp.plugin.Plugin;
import dev.jmcp.plugin.Registrar;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.plugin.ToolException;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.ElicitResult;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An example plugin that asks the user for what a call lacks (elicitation): {@code order_coffee} takes a drink and,
 * when the size is not given, shows the user a form (size, sugar) through the client, then acts on the answer: an
 * order when they accept, none when they decline or cancel.
 *
 * <p>Two rules every asking tool follows. Ask before acting on the world: in protocol revision 2026-07-28 a question
 * ends the call's first run (the client gets {@code input_required}), and the server runs the method again with the
 * answer, so whatever came before the question runs twice. And have a way without asking: clients of the revisions
 * before 2025-06-18, and clients that do not declare elicitation, cannot be asked, so the size is also an argument.
 */
public final class CoffeePlugin implements Plugin {
    static final List<String> SIZES = List.of("small", "medium", "large");

    /** The form: a restricted JSON Schema, flat, of strings, numbers, booleans and enums, as elicitation allows. */
    static final Map<String, Object> FORM = Map.of(
            "type", "object",
            "properties", Map.of(
                    "size", Map.of("type", "string", "title", "Size", "enum", SIZES, "default", "medium"),
                    "sugar", Map.of("type", "boolean", "title", "Sugar", "default", false)),
            "required", List.of("size"));

    private final List<String> orders = new CopyOnWriteArrayList<>();

    @Override
    public void register(Registrar registrar) {
        registrar.annotated(this);
    }

    @McpTool(name = "order_coffee", description = "Orders a coffee; asks the user for the size when it is not given",
            destructiveHint = false)
    public String orderCoffee(@Arg(description = "The drink: espresso, latte, ...") String drink,
                              @Arg(description = "small, medium or large; the user is asked when it is missing",
                                      required = false) String size,
                              RequestContext context) {
        if (drink.isBlank()) throw new ToolException("name a drink");
        boolean sugar = false;
        if (size == null) {
            if (!context.clientSupportsElicitation()) {
                throw new ToolException("give the size (small, medium or large): this client cannot ask the user");
            }
            ElicitResult answer = context.elicit(ElicitRequest.form("How would you like your " + drink + "?", FORM),
                    Duration.ofMinutes(5));
            switch (answer.action()) {
                case "accept" -> {
                    // The client sends what the user typed: check it as any other input.
                    size = String.valueOf(answer.content().get("size"));
                    sugar = Boolean.TRUE.equals(answer.content().get("sugar"));
                }
                case "decline" -> {
                    return "No order: the user declined.";
                }
                default -> throw new ToolException("No order: the user cancelled.");
            }
        }
        if (!SIZES.contains(size)) throw new ToolException("no size '" + size + "': small, medium or large");
        // Only now, with every answer in hand, act.
        String order = size + " " + drink + (sugar ? " with sugar" : "");
        orders.add(order);
        return "Ordered: " + order + " (order " + orders.size() + ")";
    }
}
