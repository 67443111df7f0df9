package dev.jmcp.server.redis;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.server.McpServer;
import dev.jmcp.testkit.ApiSignatures;
import dev.jmcp.testkit.PublicTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.module.ModuleDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shared-state module (dev.jmcp.server.redis, artifact jmcp-server-redis) as chosen: it exports its one package,
 * whose one public type is {@link RedisState}, the server's {@code SharedState} on Redis; no exported signature names
 * Jedis (a program gives a {@code redis://} URI and the keys, and the connection pool and pub/sub stay inside), Jetty,
 * Jackson, a future or a type the server keeps to itself; it reads only
 * what jmcp's modules export to everyone, and the server exports nothing to it alone; the server's packages and its
 * package have no cycle; and the server names it nowhere, so an embedder who does not add it pays for nothing. Read on
 * the compiled classes and module descriptors.
 */
@Timeout(60)
class RedisModuleBoundariesTest {
    private static final String MODULE = "dev.jmcp.server.redis";
    private static final String PACKAGE = "dev.jmcp.server.redis";
    /** Its public types: the shared state; the server's interface names everything else it answers with. */
    private static final Map<String, Set<String>> PUBLIC = Map.of(PACKAGE, Set.of("RedisState"));
    /** Libraries its exported signatures keep to themselves, besides Jetty and Jackson: none is the point of a type. */
    private static final List<String> WRAPPED = List.of("io.opentelemetry.", "redis.clients.");

    private static JavaClasses classes;
    private static ModuleDescriptor module;
    private static ModuleDescriptor core;
    private static List<ModuleDescriptor> jmcp;

    @BeforeAll
    static void read() throws Exception {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.jmcp.server");
        module = ApiSignatures.moduleBeside(RedisState.class);
        core = ApiSignatures.moduleBeside(McpServer.class);
        jmcp = List.of(core, ApiSignatures.moduleBeside(JsonCodec.class),
                ApiSignatures.moduleBeside(RequestContext.class));
    }

    @Test
    void theModuleExportsItsOnePackageToEveryoneAndNothingElse() {
        assertThat(module.name()).isEqualTo(MODULE);
        assertThat(module.packages()).containsExactly(PACKAGE);
        assertThat(module.exports()).singleElement().satisfies(export -> {
            assertThat(export.source()).isEqualTo(PACKAGE);
            assertThat(export.isQualified()).isFalse();
        });
        assertThat(module.opens()).isEmpty();
        assertThat(module.provides()).isEmpty();
        assertThat(module.requires()).as("the server, transitively: its types are in this module's signatures")
                .anySatisfy(r -> {
                    assertThat(r.name()).isEqualTo("dev.jmcp.server");
                    assertThat(r.modifiers()).contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE);
                });
        assertThat(module.requires()).as("Jedis is read, never passed on to the module's readers")
                .filteredOn(r -> r.name().startsWith("redis.clients"))
                .isNotEmpty()
                .allSatisfy(r -> assertThat(r.modifiers()).doesNotContain(ModuleDescriptor.Requires.Modifier.TRANSITIVE));
    }

    @Test
    void itsPublicTypesAreTheSharedStateAlone() {
        var types = PublicTypes.of(classes, PACKAGE::equals, Set.of());
        assertThat(types.byPackage()).as("public types of the module: make a new one package-private, or list it here")
                .isEqualTo(PublicTypes.sorted(PUBLIC));
    }

    @Test
    void exportedSignaturesNameNoLibraryFutureOrInternalType() {
        Set<String> mayName = new TreeSet<>(plainExports(List.of(core)));
        mayName.add(PACKAGE);
        var offences = new ArrayList<String>();
        for (JavaClass type : classes.getPackage(PACKAGE).getClasses()) {
            Class<?> reflected = type.reflect();
            if (ApiSignatures.accessibleFromOutside(reflected)) {
                offences.addAll(ApiSignatures.offences(reflected, mayName::contains, Set.of(), WRAPPED));
            }
        }
        assertThat(offences).as("exported signatures naming a type an embedder should not see").isEmpty();
    }

    @Test
    void itUsesOnlyWhatJmcpsModulesExportToEveryone() {
        Set<String> exported = plainExports(jmcp);
        var reached = new TreeSet<String>();
        for (JavaClass type : classes.getPackage(PACKAGE).getClasses()) {
            type.getDirectDependenciesFromSelf().stream().map(d -> d.getTargetClass().getPackageName())
                    .filter(p -> p.startsWith("dev.jmcp.") && !p.equals(PACKAGE) && !exported.contains(p))
                    .forEach(reached::add);
        }
        assertThat(reached).as("packages of jmcp's modules not exported to everyone").isEmpty();
        for (var export : core.exports()) {
            assertThat(export.targets()).as("the server exports " + export.source() + " to this module alone")
                    .doesNotContain(MODULE);
        }
        for (var open : core.opens()) assertThat(open.targets()).doesNotContain(MODULE);
    }

    @Test
    void theServerNamesThisModuleNowhere() {
        assertThat(core.requires()).extracting(ModuleDescriptor.Requires::name).doesNotContain(MODULE);
        assertThat(core.uses()).noneMatch(service -> service.startsWith(PACKAGE + "."));
        assertThat(classes.containPackage("dev.jmcp.server.engine")).isTrue();
        noClasses().that().resideOutsideOfPackage(PACKAGE + "..")
                .should().dependOnClassesThat().resideInAPackage(PACKAGE + "..")
                .because("the server knows shared state by its own interface; the jmcp command picks this one for --state")
                .check(classes);
    }

    @Test
    void noPackageOfTheServerAndThisModuleDependsOnItselfThroughOthers() {
        assertThat(classes.containPackage(PACKAGE)).isTrue();
        slices().matching("dev.jmcp.(**)").should().beFreeOfCycles().check(classes);
    }

    private static Set<String> plainExports(List<ModuleDescriptor> modules) {
        var packages = new TreeSet<String>();
        for (var descriptor : modules) {
            descriptor.exports().stream().filter(e -> !e.isQualified()).map(ModuleDescriptor.Exports::source)
                    .forEach(packages::add);
        }
        return packages;
    }
}
