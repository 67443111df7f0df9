package dev.jmcp.server;

import dev.jmcp.protocol.ClientNotifications;
import dev.jmcp.protocol.ClientRequests;
import dev.jmcp.protocol.ServerNotifications;
import dev.jmcp.protocol.ServerRequests;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.methods.Methods;
import dev.jmcp.server.session.MethodTable;
import dev.jmcp.server.session.OutboundMethods;
import dev.jmcp.server.session.ServedMethod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 28's "everything the server knows about a method is in its row" and "method names are spelled once": no main
 * source of the server's modules, the client, the CLI or the testkits spells a method name as a string literal. A
 * method a client sends is named by the protocol module's {@link ClientRequests} and {@link ClientNotifications} (the
 * server's inbound table, {@link Methods}, and whatever sends them as a client: the client, mounts, the native host,
 * the console); one a server sends, by {@link ServerRequests} and {@link ServerNotifications} (the server's outbound
 * table, {@link OutboundMethods}, and the client that reads them); and a fact about a method (its target, whether it
 * opens a session, ...) is read from its row, never decided by comparing names. Read on the sources, as a literal
 * compiled into a class cannot be told from a constant; comments are skipped, text blocks searched for the quoted
 * name. The bench is not read: it talks to other servers, and spells what it sends them on purpose.
 */
@Timeout(60)
class MethodNamesTest {
    /** The server's modules, the client and what uses it, beside this one in the reactor. */
    private static final List<String> MODULES = List.of("server", "server-http", "server-plugins", "server-otel",
            "server-redis", "tool-search", "client", "cli", "testkit", "plugin-testkit");

    /**
     * Names the protocol module spells for the client that jmcp's server neither answers nor sends: the 2025-11-25
     * tasks, which other servers serve. When the server takes one up, it leaves this list.
     */
    private static final Set<String> CLIENT_ONLY = Set.of(ClientRequests.TASKS_RESULT, ServerNotifications.TASKS_STATUS);

    /**
     * Files allowed to spell a method name all the same, with the names and why. None today; a new one is a
     * decision written here, not an accident.
     */
    private static final Map<String, Set<String>> EXCEPTIONS = Map.of();

    @Test
    void theNamesComeFromEveryTableTheServerHas() throws Exception {
        Set<String> names = serverNames();
        assertThat(names).contains(ClientRequests.TOOLS_CALL, ClientRequests.INITIALIZE, ClientNotifications.CANCELLED,
                OutboundMethods.MESSAGE, OutboundMethods.TOOLS_LIST_CHANGED, ServerRequests.ELICITATION_CREATE,
                ClientRequests.RESOURCES_DIRECTORY_READ);
        var spelled = new TreeSet<>(protocolNames());
        spelled.removeAll(CLIENT_ONLY);
        assertThat(names).as("every name the protocol module spells is a method one of the server's tables has, "
                + "or one the client alone knows").containsAll(spelled).doesNotContainAnyElementsOf(CLIENT_ONLY);
    }

    @Test
    void noMainSourceOfTheServerOrTheClientSpellsAMethodName() throws Exception {
        Set<String> names = methodNames();
        Path root = Path.of("..").toAbsolutePath().normalize();
        var found = new TreeMap<String, Set<String>>();
        int files = 0;
        for (String module : MODULES) {
            Path sources = root.resolve(module).resolve("src/main/java");
            assertThat(sources).as("module " + module + " is beside this one").isDirectory();
            List<Path> java;
            try (Stream<Path> walk = Files.walk(sources)) {
                java = walk.filter(file -> file.toString().endsWith(".java")).toList();
            }
            for (Path file : java) {
                files++;
                String relative = root.relativize(file).toString().replace('\\', '/');
                var spelled = new TreeSet<String>();
                for (Literal literal : literals(Files.readString(file))) {
                    for (String name : names) {
                        if (literal.text() ? literal.value().contains('"' + name + '"') : literal.value().equals(name)) {
                            spelled.add(name);
                        }
                    }
                }
                spelled.removeAll(EXCEPTIONS.getOrDefault(relative, Set.of()));
                if (!spelled.isEmpty()) found.put(relative, spelled);
            }
        }
        assertThat(files).as("the sources were read").isGreaterThan(300);
        assertThat(found).as("method names spelled outside the protocol module: use ClientRequests, "
                + "ClientNotifications, ServerRequests or ServerNotifications, or read what you need from the "
                + "method's row").isEmpty();
    }

    /** The server's modules: none of them is a client, save for the files {@link #ACTING_AS_CLIENT} names. */
    private static final List<String> SERVER_MODULES = List.of("server", "server-http", "server-plugins", "server-otel",
            "server-redis", "tool-search");

    /** The server's inbound method table, the one place that maps the names a client sends to what they do. */
    private static final String METHOD_TABLE = "server/src/main/java/dev/jmcp/server/methods/Methods.java";

    /**
     * Files of the server's modules that name a method a client sends all the same, each with why. Code that acts as
     * a client sends them; anything else reads what it needs from the method's row, or has its reason here.
     */
    private static final Map<String, String> ACTING_AS_CLIENT = Map.of(
            "server-http/src/main/java/dev/jmcp/server/console/Console.java",
            "the operator console calls tools, prompts and resources as a client of its own session",
            "server-http/src/main/java/dev/jmcp/server/console/ConsoleSession.java",
            "the operator console opens its session as a client does (initialize, initialized)",
            "server-plugins/src/main/java/dev/jmcp/server/mount/Declarations.java",
            "a mount is jmcp's client of another server",
            "server-plugins/src/main/java/dev/jmcp/server/nativeabi/NativePlugin.java",
            "a native plugin's host is sent the calls as a client sends them",
            "server/src/main/java/dev/jmcp/server/tasks/TaskMethods.java",
            "not a comparison: names the method in the message of an unknown task's error");

    @Test
    void noServerSourceOutsideTheMethodTableNamesAMethodAClientSends() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        var pattern = java.util.regex.Pattern.compile("\\b(ClientRequests|ClientNotifications)\\.");
        var found = new TreeSet<String>();
        for (String module : SERVER_MODULES) {
            List<Path> java;
            try (Stream<Path> walk = Files.walk(root.resolve(module).resolve("src/main/java"))) {
                java = walk.filter(file -> file.toString().endsWith(".java")).toList();
            }
            for (Path file : java) {
                String relative = root.relativize(file).toString().replace('\\', '/');
                String code = Files.readString(file).replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "");
                if (pattern.matcher(code).find()) found.add(relative);
            }
        }
        assertThat(found).as("the method table is there").contains(METHOD_TABLE);
        found.remove(METHOD_TABLE);
        assertThat(found).as("server code naming a method a client sends (ClientRequests, ClientNotifications) outside "
                + "the method table: read the fact from the method's row, or, for code acting as a client, say why in "
                + "ACTING_AS_CLIENT").containsExactlyInAnyOrderElementsOf(ACTING_AS_CLIENT.keySet());
    }

    @Test
    void theScanFindsALiteralAndSkipsCommentsAndMessages() {
        var read = literals("""
                // "tools/call" in a comment
                /* "prompts/get" */ String a = "tools/call"; char q = '"'; String b = "Use \\"tools/list\\" first";
                String c = \"""
                    {"method":"initialize"}
                    \""";
                """);
        assertThat(read).containsExactly(new Literal("tools/call", false), new Literal("Use \"tools/list\" first", false),
                new Literal("{\"method\":\"initialize\"}\n", true));
    }

    /** Every method name the server's tables know or the protocol module spells. */
    private static Set<String> methodNames() throws IllegalAccessException {
        var names = serverNames();
        names.addAll(protocolNames());
        return names;
    }

    /** The names the protocol module spells, for either side. */
    private static Set<String> protocolNames() throws IllegalAccessException {
        var names = new TreeSet<String>();
        for (Class<?> type : List.of(ClientRequests.class, ClientNotifications.class, ServerRequests.class,
                ServerNotifications.class)) {
            names.addAll(constants(type));
        }
        return names;
    }

    /** Every method name the server's tables know: those it answers and those it sends. */
    private static Set<String> serverNames() throws IllegalAccessException {
        MethodTable table = Methods.table(ServerOptions.defaults("names", null));
        var names = new TreeSet<String>();
        table.requests().stream().map(ServedMethod::name).forEach(names::add);
        names.addAll(table.notifications());
        names.addAll(constants(OutboundMethods.class));
        for (Field field : OutboundMethods.class.getFields()) {
            if (field.get(null) instanceof dev.jmcp.server.session.OutboundRequest request) names.add(request.name());
        }
        return names;
    }

    private static Set<String> constants(Class<?> type) throws IllegalAccessException {
        var values = new TreeSet<String>();
        for (Field field : type.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                values.add((String) field.get(null));
            }
        }
        return values;
    }

    /** A string literal of a source: its value (escapes of quotes and backslashes undone), and whether a text block. */
    record Literal(String value, boolean text) {
    }

    /** The string literals and text blocks of {@code source}, comments and character literals skipped. */
    static List<Literal> literals(String source) {
        var found = new ArrayList<Literal>();
        int i = 0;
        int n = source.length();
        while (i < n) {
            char c = source.charAt(i);
            if (source.startsWith("//", i)) {
                int end = source.indexOf('\n', i);
                i = end < 0 ? n : end + 1;
            } else if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else if (source.startsWith("\"\"\"", i)) {
                int start = source.indexOf('\n', i) + 1;
                int end = start;
                while (!source.startsWith("\"\"\"", end)) end += source.charAt(end) == '\\' ? 2 : 1;
                found.add(new Literal(unescape(source.substring(start, end)).stripIndent(), true));
                i = end + 3;
            } else if (c == '"' || c == '\'') {
                int end = i + 1;
                while (source.charAt(end) != c) end += source.charAt(end) == '\\' ? 2 : 1;
                if (c == '"') found.add(new Literal(unescape(source.substring(i + 1, end)), false));
                i = end + 1;
            } else {
                i++;
            }
        }
        return found;
    }

    private static String unescape(String body) {
        return body.replace("\\\"", "\"").replace("\\\\", "\\");
    }
}
