package dev.jmcp.server;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.jmcp.testkit.ApiSignatures;
import dev.jmcp.testkit.PublicTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.lang.module.ModuleDescriptor;
import java.util.ArrayList;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The server's public surface, as chosen: {@code module-info} exports to everyone only what an embedder or a plugin
 * author uses, and to jmcp's own modules what only they use; every public type of a package it does not export is one
 * another package of the server needs (listed here, so a new one is a decision, not an accident); and no public
 * signature of an exported type names Jetty, Jackson, {@code CompletableFuture} or a type the module keeps to itself.
 * Read on the compiled classes and the compiled module descriptor.
 */
class PublicSurfaceTest {
    private static final String HTTP_MODULE = "dev.jmcp.server.http";
    private static final String PLUGINS_MODULE = "dev.jmcp.server.plugins";

    /** What an embedder or a plugin author uses: exported to everyone. */
    private static final Set<String> EXPORTED = Set.of(
            "dev.jmcp.server",             // McpServer
            "dev.jmcp.server.config",      // ServerOptions
            "dev.jmcp.server.observe",     // call observers (server-otel is one)
            "dev.jmcp.server.state",       // state shared by instances (server-redis is one)
            "dev.jmcp.server.toolsearch",  // the tool index (tool-search provides one)
            "dev.jmcp.server.transport");  // a transport of one's own: Connection, Session

    /**
     * What only jmcp's own modules use, and which ones: their main code, never their tests alone (a test uses what an
     * embedder uses, or lives in the module of what it tests). {@code ServerPluginsModuleBoundariesTest} checks that
     * the plugin kinds' main code uses each package exported to it.
     */
    private static final Map<String, Set<String>> EXPORTED_TO = Map.of(
            "dev.jmcp.server.process", Set.of("dev.jmcp.cli"),
            "dev.jmcp.server.stdio", Set.of("dev.jmcp.cli", PLUGINS_MODULE),
            // The HTTP transport's module serves the engine through these, the plugin kinds' module loads into them;
            // they stay internal (INTERNAL_PUBLIC).
            "dev.jmcp.server.engine", Set.of(HTTP_MODULE),
            "dev.jmcp.server.folder", Set.of(PLUGINS_MODULE),
            "dev.jmcp.server.logs", Set.of(HTTP_MODULE),
            "dev.jmcp.server.registry", Set.of(HTTP_MODULE, PLUGINS_MODULE),
            "dev.jmcp.server.schema", Set.of(PLUGINS_MODULE),
            "dev.jmcp.server.session", Set.of(HTTP_MODULE, PLUGINS_MODULE),
            "dev.jmcp.server.stateless", Set.of(HTTP_MODULE));

    /**
     * The packages opened (to deep reflection) to jmcp's own modules: none. The HTTP transport reads McpServer's engine
     * through engine.Engines, not by reflection.
     */
    private static final Map<String, Set<String>> OPENED_TO = Map.of();

    /**
     * The public types of the packages exported to no one, each needed by another package of the server (which the
     * test checks too). A type that nothing outside its package uses is package-private; one that embedders need
     * belongs in an exported package.
     */
    private static final Map<String, Set<String>> INTERNAL_PUBLIC = Map.ofEntries(
            entry("dev.jmcp.server.completion", Set.of("CompletionFeature")),
            entry("dev.jmcp.server.engine", Set.of("Engine", "Engines")),
            entry("dev.jmcp.server.folder", Set.of("PluginFolder", "PluginFolders")),
            entry("dev.jmcp.server.logging", Set.of("LoggingFeature")),
            entry("dev.jmcp.server.logs", Set.of("RepeatedLines")),
            entry("dev.jmcp.server.methods", Set.of("Methods")),
            entry("dev.jmcp.server.prompts", Set.of("PromptsFeature")),
            entry("dev.jmcp.server.registry", Set.of("ArgumentsValidator", "CompletionEntry", "Contribution", "Lease",
                    "Owner", "PromptEntry", "Registry", "ResourceEntry", "ResourceTemplateEntry", "RootsListenerEntry",
                    "RunawayAware", "SkillEntry", "SkillFile", "ToolEntry", "UriTemplate")),
            entry("dev.jmcp.server.resources", Set.of("ResourcesFeature")),
            entry("dev.jmcp.server.schema", Set.of("AnnotatedMethods", "JsonSchemas")),
            entry("dev.jmcp.server.session", Set.of("Admission", "Call", "Caller", "Host", "InFlight",
                    "MethodHandler", "MethodTable", "NotificationHandler", "OutboundMethods", "OutboundRequest",
                    "Pagination", "Params", "ParentIdentity", "Pipeline", "RequestContexts", "RequestIdentity", "ServedMethod",
                    "ServedNotification", "ServerSession", "StatelessWire", "Wires")),
            entry("dev.jmcp.server.skills", Set.of("SkillMethods")),
            entry("dev.jmcp.server.stateless", Set.of("StatelessCall", "StatelessCaller", "StatelessEnvelope",
                    "StatelessReply", "StatelessRequests", "Subscriptions", "TaskHandler")),
            entry("dev.jmcp.server.tasks", Set.of("Task", "TaskMethods", "TaskRecorder", "TaskStore")),
            entry("dev.jmcp.server.tools", Set.of("ToolSearch", "ToolsFeature")));

    /**
     * Exported members that break the signature rule knowingly, each with why; a member is named as
     * {@code Class.method}. Each is a debt, to be paid rather than added to.
     */
    private static final Map<String, String> ACCEPTED = Map.of();

    private static final String PLUGIN_KINDS_USE_IT = "the plugin kinds (module dev.jmcp.server.plugins, not read "
            + "here) use it";

    /** Public types the compiled classes do not show another package using, and why they are public all the same. */
    private static final Map<String, String> USED_UNSEEN = Map.of(
            "dev.jmcp.server.registry.Contribution", PLUGIN_KINDS_USE_IT,
            "dev.jmcp.server.registry.Lease", PLUGIN_KINDS_USE_IT,
            "dev.jmcp.server.schema.AnnotatedMethods", PLUGIN_KINDS_USE_IT,
            "dev.jmcp.server.session.ParentIdentity", PLUGIN_KINDS_USE_IT,
            "dev.jmcp.server.session.NotificationHandler", "methods.Methods gives ServedNotification.of method "
                    + "references for it, which the class file does not name as a dependency",
            "dev.jmcp.server.tasks.TaskRecorder", "stateless.StatelessRequests passes a lambda for one, which the "
                    + "class file does not name",
            "dev.jmcp.server.stateless.StatelessReply", "the HTTP transport (module dev.jmcp.server.http, not read "
                    + "here) answers a stateless request with it",
            "dev.jmcp.server.stateless.StatelessEnvelope", "the HTTP transport (module dev.jmcp.server.http, not read "
                    + "here) reads a stateless request's envelope with it");

    private static JavaClasses classes;
    private static ModuleDescriptor module;

    @BeforeAll
    static void importClasses() throws Exception {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.jmcp.server");
        module = ApiSignatures.moduleBeside(McpServer.class);
    }

    @Test
    void theModuleExportsWhatEmbeddersUseToEveryoneAndTheRestOnlyToJmcp() {
        var plain = new TreeSet<String>();
        var qualified = new TreeMap<String, Set<String>>();
        for (var export : module.exports()) {
            if (export.isQualified()) qualified.put(export.source(), export.targets());
            else plain.add(export.source());
        }
        assertThat(plain).as("packages exported to everyone").containsExactlyInAnyOrderElementsOf(EXPORTED);
        assertThat(qualified).as("packages exported to jmcp's own modules").isEqualTo(EXPORTED_TO);
        var opened = new TreeMap<String, Set<String>>();
        for (var open : module.opens()) opened.put(open.source(), open.targets());
        assertThat(opened).as("packages opened to jmcp's own modules, and none to everyone").isEqualTo(OPENED_TO);
    }

    @Test
    void everyPublicTypeOfAnUnexportedPackageIsListedAndUsedByAnotherPackage() {
        var types = PublicTypes.of(classes, pkg -> !exported(pkg), USED_UNSEEN.keySet());
        assertThat(types.byPackage()).as("public types in packages the module does not export: make a new one "
                + "package-private, or list it in INTERNAL_PUBLIC with the package that needs it")
                .isEqualTo(PublicTypes.sorted(INTERNAL_PUBLIC));
        assertThat(types.notUsedElsewhere()).as("public, yet no other package uses it: make it package-private").isEmpty();
        assertThat(INTERNAL_PUBLIC.keySet()).as("every unexported package is named in INTERNAL_PUBLIC")
                .containsAll(classes.stream().map(JavaClass::getPackageName).filter(p -> !exported(p))
                        .collect(Collectors.toSet()));
    }

    @Test
    void exportedSignaturesNameNoJettyJacksonFutureOrInternalType() {
        var offences = new ArrayList<String>();
        for (JavaClass type : classes) {
            if (!EXPORTED.contains(type.getPackageName())) continue;
            Class<?> reflected = type.reflect();
            if (ApiSignatures.accessibleFromOutside(reflected)) {
                offences.addAll(ApiSignatures.offences(reflected, EXPORTED::contains, ACCEPTED.keySet()));
            }
        }
        assertThat(offences).as("exported signatures naming a type an embedder should not see").isEmpty();
    }

    /**
     * Exported to everyone or to the jmcp command: its public types are an API. A package exported to the HTTP
     * or the plugin kinds' module alone stays internal, its public types listed in INTERNAL_PUBLIC all the same.
     */
    private static boolean exported(String pkg) {
        return EXPORTED.contains(pkg) || EXPORTED_TO.getOrDefault(pkg, Set.of()).contains("dev.jmcp.cli");
    }

    /** Public, and every class enclosing it public too. */
}
