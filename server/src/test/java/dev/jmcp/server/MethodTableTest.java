package dev.jmcp.server;

import dev.jmcp.protocol.CacheHint;
import dev.jmcp.protocol.NamedTarget;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.methods.Methods;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.session.MethodTable;
import dev.jmcp.server.session.ServedMethod;
import dev.jmcp.server.session.ServedNotification;
import dev.jmcp.server.session.ServerSession;
import dev.jmcp.server.observe.Target;
import dev.jmcp.server.session.Wires;
import dev.jmcp.server.stateless.TaskHandler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static dev.jmcp.server.session.ServedMethod.Trait.ASKS_FOR_INPUT;
import static dev.jmcp.server.session.ServedMethod.Trait.BEFORE_INIT;
import static dev.jmcp.server.session.ServedMethod.Trait.NAMED_IN_HEADER;
import static dev.jmcp.server.session.ServedMethod.Trait.OPENS_SESSION;
import static dev.jmcp.server.session.ServedMethod.Trait.SCOPED_PER_ITEM;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The one method table: what it lists, and that both wires are served from it alone (a method of one wire is -32601
 * on the other, with a message that says where it belongs).
 */
@Timeout(30)
class MethodTableTest {
    private final ServerOptions options = ServerOptions.defaults("table-test", Path.of("unused"));
    private final MethodTable table = Methods.table(options);

    @Test
    void listsEveryMethodTheServerAnswersWithItsWires() {
        Map<String, Wires> wires = table.requests().stream()
                .collect(Collectors.toMap(ServedMethod::name, ServedMethod::wires, (a, b) -> a, LinkedHashMap::new));
        assertThat(wires).containsExactlyInAnyOrderEntriesOf(Map.ofEntries(
                Map.entry("initialize", Wires.STATEFUL), Map.entry("ping", Wires.STATEFUL),
                Map.entry("server/discover", Wires.STATELESS), Map.entry("subscriptions/listen", Wires.STATELESS),
                Map.entry("tools/list", Wires.BOTH), Map.entry("tools/call", Wires.BOTH),
                Map.entry("prompts/list", Wires.BOTH), Map.entry("prompts/get", Wires.BOTH),
                Map.entry("resources/list", Wires.BOTH), Map.entry("resources/read", Wires.BOTH),
                Map.entry("resources/templates/list", Wires.BOTH), Map.entry("resources/subscribe", Wires.STATEFUL),
                Map.entry("resources/unsubscribe", Wires.STATEFUL), Map.entry("completion/complete", Wires.BOTH),
                Map.entry("logging/setLevel", Wires.STATEFUL), Map.entry("tasks/get", Wires.STATELESS),
                Map.entry("tasks/update", Wires.STATELESS), Map.entry("tasks/cancel", Wires.STATELESS),
                Map.entry("skills/list", Wires.STATELESS), Map.entry("skills/get", Wires.STATELESS),
                Map.entry("resources/directory/read", Wires.STATELESS)));
        assertThat(table.notifications()).containsExactlyInAnyOrder("notifications/initialized",
                "notifications/progress", "notifications/cancelled", "notifications/roots/list_changed");
    }

    @Test
    void eachRowSaysWhatItsParamsNameAndTheMcpNameHeaderMirrorsTheSameField() {
        Map<String, Target> targets = table.requests().stream().filter(method -> method.target() != null)
                .collect(Collectors.toMap(ServedMethod::name, ServedMethod::target));
        assertThat(targets).containsExactlyInAnyOrderEntriesOf(Map.of(
                "tools/call", Target.TOOL, "prompts/get", Target.PROMPT, "skills/get", Target.SKILL,
                "resources/read", Target.RESOURCE, "resources/subscribe", Target.RESOURCE,
                "resources/unsubscribe", Target.RESOURCE, "resources/directory/read", Target.RESOURCE,
                "tasks/get", Target.TASK, "tasks/update", Target.TASK, "tasks/cancel", Target.TASK));
        // Where 2026-07-28 requires the Mcp-Name header, the row says so and it carries the field the row names; the
        // client reads the same list from the protocol module (NamedTarget), so the two must agree row by row.
        for (ServedMethod method : table.requests()) {
            String header = NamedTarget.field(method.name());
            assertThat(method.is(NAMED_IN_HEADER)).as(method.name()).isEqualTo(header != null);
            if (header == null) continue;
            assertThat(method.target()).as(method.name()).isNotNull();
            assertThat(method.target().field()).as(method.name()).isEqualTo(header);
        }
    }

    @Test
    void authorizationScopesPerItemTheCallsThatUseAnItem() {
        assertThat(table.requests().stream().filter(m -> m.is(SCOPED_PER_ITEM)).map(ServedMethod::name))
                .containsExactlyInAnyOrder("tools/call", "prompts/get", "resources/read", "resources/subscribe");
    }

    @Test
    void aRowNamedInAHeaderOrScopedPerItemMustNameItsTarget() {
        var untargeted = ServedMethod.request("x/get", Wires.BOTH, call -> Map.of(), SCOPED_PER_ITEM);
        assertThatThrownBy(() -> MethodTable.of(List.of(untargeted), List.of()))
                .hasMessageContaining("x/get").hasMessageContaining("no target");
        assertThat(MethodTable.of(List.of(untargeted.targets(Target.TOOL)), List.of()).request("x/get").target())
                .isEqualTo(Target.TOOL);
    }

    @Test
    void onlyTheThreeMethodsTheSpecificationNamesMayAskForInput() {
        assertThat(table.requests().stream().filter(m -> m.is(ASKS_FOR_INPUT)).map(ServedMethod::name))
                .containsExactlyInAnyOrder("tools/call", "prompts/get", "resources/read");
    }

    @Test
    void openingTheSessionIsAllowedBeforeItIsInitialized() {
        assertThat(table.request("initialize").is(OPENS_SESSION)).isTrue();
        assertThat(table.request("initialize").is(BEFORE_INIT)).isTrue();
        assertThat(table.requests().stream().filter(m -> m.is(BEFORE_INIT)).map(ServedMethod::name))
                .containsExactlyInAnyOrder("initialize", "ping");
    }

    @Test
    void cacheHintsAndExtensionsComeFromTheTable() {
        assertThat(table.request("tools/list").cacheHint()).isEqualTo(new CacheHint(60_000, "public"));
        assertThat(table.request("resources/read").cacheHint()).isEqualTo(new CacheHint(0, "public"));
        assertThat(table.request("tools/call").cacheHint()).isNull();
        assertThat(table.request("tasks/get").extension()).isEqualTo("io.modelcontextprotocol/tasks");
        assertThat(table.request("tasks/get").clientDeclares()).isTrue();
        assertThat(table.request("skills/list").clientDeclares()).isFalse();
    }

    @Test
    void eachTasksMethodHasAHandlerOfItsOwnThatAnotherInstanceFindsByTheRow() {
        var handlers = List.of("tasks/get", "tasks/update", "tasks/cancel").stream()
                .map(name -> table.request(name).handler()).toList();
        assertThat(handlers).allMatch(handler -> handler instanceof TaskHandler).doesNotHaveDuplicates();
        assertThat(table.request("tasks/result")).isNull();
        assertThat(table.request("tasks/list")).isNull();
    }

    @Test
    void aMethodListedTwiceIsRefused() {
        var ping = ServedMethod.request("ping", Wires.BOTH, call -> Map.of());
        assertThatThrownBy(() -> MethodTable.of(List.of(ping, ping), List.of()))
                .hasMessageContaining("ping is listed twice");
    }

    @Test
    void aNotificationsRowSaysWhatReplacesItOnTheStatelessWire() {
        assertThat(table.notification("notifications/cancelled").statelessInstead())
                .as("2026-07-28 HTTP cancels by closing the response").contains("closing its response");
        for (String name : List.of("notifications/initialized", "notifications/progress",
                "notifications/roots/list_changed")) {
            assertThat(table.notification(name).statelessInstead()).as(name).isNull();
        }
        assertThat(table.notification("notifications/unknown")).isNull();
        var told = ServedNotification.of("notifications/x", (session, params) -> { });
        assertThatThrownBy(() -> MethodTable.of(List.of(), List.of(told, told)))
                .hasMessageContaining("notifications/x is listed twice");
    }

    @Test
    void anOverriddenHandlerKeepsWhatElseTheTableSays() {
        var changed = table.withHandlers(Map.of("ping", call -> Map.of("x", 1), "test/new", call -> Map.of()));
        assertThat(changed.request("ping").wires()).isEqualTo(Wires.STATEFUL);
        assertThat(changed.request("ping").is(BEFORE_INIT)).isTrue();
        assertThat(changed.request("test/new").wires()).isEqualTo(Wires.BOTH);
        assertThat(table.request("test/new")).isNull();
    }

    @Test
    void aStatelessMethodInASessionIsNotFoundAndSaysWhereItBelongs() throws Exception {
        var client = new MemoryConnection();
        try (ServerSession session = new Engine(options, () -> Registry.EMPTY, table).openSession(client)) {
            send(session, Map.of("jsonrpc", "2.0", "id", 1, "method", "initialize", "params", Map.of(
                    "protocolVersion", "2025-11-25", "capabilities", Map.of(),
                    "clientInfo", Map.of("name", "t", "version", "1"))));
            assertThat(client.nextObject()).containsKey("result");
            send(session, Map.of("jsonrpc", "2.0", "id", 2, "method", "server/discover"));
            var error = error(client.nextObject());
            assertThat(error.get("code")).isEqualTo(ErrorCodes.METHOD_NOT_FOUND);
            assertThat((String) error.get("message")).contains("server/discover").contains("2026-07-28");
            send(session, Map.of("jsonrpc", "2.0", "id", 3, "method", "no/such"));
            assertThat(error(client.nextObject())).containsEntry("code", ErrorCodes.METHOD_NOT_FOUND);
        }
    }

    @Test
    void aStatefulMethodWithoutASessionIsNotFoundAndSaysItWasRemoved() throws Exception {
        var client = new MemoryConnection();
        try (ServerSession session = new Engine(options, () -> Registry.EMPTY, table).openSession(client)) {
            var meta = Map.of("io.modelcontextprotocol/protocolVersion", "2026-07-28",
                    "io.modelcontextprotocol/clientCapabilities", Map.of());
            send(session, Map.of("jsonrpc", "2.0", "id", 1, "method", "logging/setLevel",
                    "params", Map.of("level", "info", "_meta", meta)));
            var error = error(client.nextObject());
            assertThat(error.get("code")).isEqualTo(ErrorCodes.METHOD_NOT_FOUND);
            assertThat((String) error.get("message")).contains("2026-07-28 removed 'logging/setLevel'");
            send(session, Map.of("jsonrpc", "2.0", "id", 2, "method", "tasks/get",
                    "params", Map.of("taskId", "t", "_meta", meta)));
            assertThat(error(client.nextObject())).containsEntry("code", ErrorCodes.MISSING_CLIENT_CAPABILITY);
        }
    }

    private static void send(ServerSession session, Map<String, Object> message) {
        byte[] bytes = JsonCodec.shared().writeValueAsString(message).getBytes(StandardCharsets.UTF_8);
        session.receive(bytes, 0, bytes.length);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> error(Map<String, Object> response) {
        assertThat(response).containsKey("error");
        return (Map<String, Object>) response.get("error");
    }
}
