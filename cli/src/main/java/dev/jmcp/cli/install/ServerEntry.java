package dev.jmcp.cli.install;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/** How a client application starts this jmcp: the absolute launcher path, its arguments and extra environment. */
record ServerEntry(String command, List<String> args, Map<String, String> env) {

    ServerEntry {
        Objects.requireNonNull(command, "command");
        args = List.copyOf(args);
        env = Map.copyOf(env);
    }

    /** The entry as {@code app} writes it: {@code command}, {@code args}, {@code env} when set, {@code type} if typed. */
    ObjectNode toJson(boolean typed) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        if (typed) node.put("type", "stdio");
        node.put("command", command);
        var array = node.putArray("args");
        args.forEach(array::add);
        if (!env.isEmpty()) {
            ObjectNode envNode = node.putObject("env");
            env.entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .forEach(e -> envNode.put(e.getKey(), e.getValue()));
        }
        return node;
    }
}
