package dev.jmcp.server.plugins;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.folder.PluginFolders;
import dev.jmcp.server.registry.Lease;
import dev.jmcp.server.registry.Owner;
import dev.jmcp.testkit.ApiSignatures;
import dev.jmcp.testkit.PublicTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.module.ModuleDescriptor;
import java.nio.file.Path;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The plugin kinds' module (dev.jmcp.server.plugins) as chosen: it exports nothing and provides the server's
 * {@link PluginFolders} service, which is how the server finds it; it holds the kinds' packages and none of the
 * server's (JPMS allows no split package); it knows nothing of the HTTP transport; a native library's host runs no
 * engine of its own; the server's packages and these together have no cycle; and its public types are the ones
 * listed, each needed by another of its packages (or named from outside, as a child's main class is); and each
 * package the server exports to it alone is one its main code uses, not one only its tests need. Read on the compiled
 * classes and module descriptors. That the server itself names no kind is the server module's
 * {@code ModuleBoundariesTest}.
 */
@Timeout(60)
class ServerPluginsModuleBoundariesTest {
    private static final Set<String> KINDS = Set.of("dev.jmcp.server.plugins", "dev.jmcp.server.plugins.containment",
            "dev.jmcp.server.nativeabi", "dev.jmcp.server.mount", "dev.jmcp.server.child");

    /** The public types of the module's packages, none exported: each is used by another of its packages. */
    private static final Map<String, Set<String>> PUBLIC = Map.ofEntries(
            entry("dev.jmcp.server.child", Set.of("ChildJvm")),
            entry("dev.jmcp.server.mount", Set.of("ManifestCache", "Mount", "MountSpec")),
            entry("dev.jmcp.server.nativeabi", Set.of("NativeHost", "NativeHostMain", "NativeLoadException",
                    "NativeOptions", "NativePlugin")),
            entry("dev.jmcp.server.plugins", Set.of("PluginHost", "PluginHosts")),
            entry("dev.jmcp.server.plugins.containment", Set.of("ExitGuard", "ExitRewriter")));

    /** Public types the compiled classes do not show another package using, and why they are public all the same. */
    private static final Map<String, String> USED_UNSEEN = Map.of(
            "dev.jmcp.server.nativeabi.NativeHostMain", "a child JVM is started with it as its main class",
            "dev.jmcp.server.plugins.PluginHosts", "ServiceLoader makes it, for the server's folder.PluginFolders",
            "dev.jmcp.server.plugins.PluginHost", "the HTTP module's tests build one (the server gets it from "
                    + "PluginHosts, as a folder.PluginFolder)");

    private static JavaClasses classes;
    private static ModuleDescriptor module;

    @BeforeAll
    static void read() throws Exception {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.jmcp.server");
        module = ApiSignatures.moduleBeside(PluginHost.class);
    }

    @Test
    void theModuleExportsNothingAndProvidesWhatServesAPluginsFolder() throws Exception {
        assertThat(module.name()).isEqualTo("dev.jmcp.server.plugins");
        assertThat(module.exports()).as("what it loads reaches clients through the server's registry").isEmpty();
        assertThat(module.opens()).isEmpty();
        assertThat(module.provides()).singleElement().satisfies(provides -> {
            assertThat(provides.service()).isEqualTo(PluginFolders.class.getName());
            assertThat(provides.providers()).containsExactly(PluginHosts.class.getName());
        });
        assertThat(module.requires()).extracting(ModuleDescriptor.Requires::name).contains("dev.jmcp.server")
                .noneMatch(name -> name.startsWith("dev.jmcp.server.http") || name.startsWith("org.eclipse.jetty"));
        assertThat(module.packages()).as("none of the server's packages: JPMS allows no split package")
                .doesNotContain("dev.jmcp.server", "dev.jmcp.server.engine", "dev.jmcp.server.registry",
                        "dev.jmcp.server.folder", "dev.jmcp.server.process");
        var here = PluginHost.class.getProtectionDomain().getCodeSource().getLocation();
        assertThat(McpServer.class.getProtectionDomain().getCodeSource().getLocation())
                .as("the server comes from its own module").isNotEqualTo(here);
        for (String kind : KINDS) {
            var read = classes.getPackage(kind).getClasses().stream().flatMap(type -> type.getSource().stream())
                    .map(source -> Path.of(source.getUri())).toList();
            assertThat(read).as("the classes of " + kind + " are this module's").isNotEmpty()
                    .allSatisfy(file -> assertThat(file).startsWith(Path.of(here.toURI())));
        }
    }

    @Test
    void everyPackageTheServerExportsToThisModuleIsOneItsMainCodeUses() throws Exception {
        var exportedHere = new TreeSet<String>();
        for (var export : ApiSignatures.moduleBeside(McpServer.class).exports()) {
            if (export.targets().contains(module.name())) exportedHere.add(export.source());
        }
        assertThat(exportedHere).as("the server exports its registry to the plugin kinds").contains(
                "dev.jmcp.server.registry");
        Set<String> used = classes.stream().filter(type -> KINDS.contains(type.getPackageName()))
                .flatMap(type -> type.getDirectDependenciesFromSelf().stream())
                .map(dependency -> dependency.getTargetClass().getPackageName()).collect(Collectors.toSet());
        assertThat(exportedHere.stream().filter(pkg -> !used.contains(pkg)).toList())
                .as("packages the server exports to this module that its main code does not use: a test reaches "
                        + "the server through what an embedder uses, or belongs in the server's module")
                .isEmpty();
    }

    @Test
    void theServerFindsTheKindsAsAService() {
        assertThat(ServiceLoader.load(PluginFolders.class).stream().map(ServiceLoader.Provider::type))
                .containsExactly(PluginHosts.class);
    }

    @Test
    void theKindsKnowNothingOfTheHttpTransport() {
        assertThat(classes.containPackage("dev.jmcp.server.nativeabi")).isTrue();
        noClasses().that().resideInAnyPackage(KINDS.toArray(String[]::new))
                .should().dependOnClassesThat().resideInAnyPackage("dev.jmcp.server.http..", "dev.jmcp.server.auth..",
                        "dev.jmcp.server.console..", "org.eclipse.jetty..")
                .because("the plugin kinds serve any transport; HTTP is the module dev.jmcp.server.http")
                .check(classes);
    }

    @Test
    void aNativeLibraryCrossesOneEngineTheServersNotASecondInItsHost() {
        assertThat(classes.contain(dev.jmcp.server.nativeabi.NativeHostMain.class)).isTrue();
        noClasses().that().resideInAPackage("dev.jmcp.server.nativeabi")
                .should().dependOnClassesThat().resideInAnyPackage("dev.jmcp.server.engine..",
                        "dev.jmcp.server.methods..", "dev.jmcp.server.mount..")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("dev.jmcp.server.stdio.StdioTransport")
                .because("both hosts of a native library speak frames to NativeChild; the JVM host binds the "
                        + "library itself and serves no MCP")
                .check(classes);
    }

    @Test
    void everyPublicTypeIsListedAndUsedByAnotherPackage() {
        var types = PublicTypes.of(classes, KINDS::contains, USED_UNSEEN.keySet());
        assertThat(types.byPackage()).as("public types of the module: make a new one package-private, or list it here")
                .isEqualTo(PublicTypes.sorted(PUBLIC));
        assertThat(types.notUsedElsewhere()).as("public, yet no other package uses it: make it package-private").isEmpty();
    }

    @Test
    void noPackageOfTheServerAndItsPluginKindsDependsOnItselfThroughOthers() {
        assertThat(classes.containPackage("dev.jmcp.server.engine")).isTrue();
        assertThat(classes.containPackage("dev.jmcp.server.mount")).isTrue();
        slices().matching("dev.jmcp.(**)").should().beFreeOfCycles().check(classes);
    }

    @Test
    void everyPluginKindCountsItsCallsWithTheRegistrysLease() {
        var kinds = classes.stream().filter(type -> KINDS.contains(type.getPackageName()))
                .filter(type -> type.isAssignableTo(Owner.class) && !type.isInterface())
                .map(type -> type.getSimpleName()).sorted().toList();
        assertThat(kinds).as("the plugin kinds: a new one is named here, and holds a Lease like these")
                .containsExactly("JarPlugin", "Mount", "NativePlugin");
        classes().that().resideInAnyPackage(KINDS.toArray(String[]::new)).and().areAssignableTo(Owner.class)
                .and().areNotInterfaces()
                .should(com.tngtech.archunit.lang.conditions.ArchConditions.dependOnClassesThat(
                        com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo(Lease.class)))
                .because("one lease type (registry.Lease) counts the calls inside every plugin kind")
                .check(classes);
        noClasses().that().resideInAnyPackage(KINDS.toArray(String[]::new)).and().areAssignableTo(Owner.class)
                .should().dependOnClassesThat().belongToAnyOf(AtomicInteger.class)
                .because("enter and exit are counted by registry.Lease, not written again by a kind")
                .check(classes);
    }
}
