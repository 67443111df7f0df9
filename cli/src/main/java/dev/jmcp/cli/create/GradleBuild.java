package dev.jmcp.cli.create;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The parts of a generated {@code build.gradle.kts} (Kotlin DSL) that come from the {@link PluginProject}: the values
 * its template is filled with. Maven's {@code provided} scope is Gradle's {@code compileOnly} plus the same artifact for
 * the tests (Maven puts a provided dependency on the test class path, Gradle does not); an imported BOM is an
 * enforced platform of the tests, so that they resolve exactly the library versions Maven would, which are the ones the
 * release's repository holds. Stateless.
 */
final class GradleBuild {
    private GradleBuild() {
    }

    static Map<String, String> values(PluginProject project) {
        var values = new LinkedHashMap<String, String>();
        values.put("version", PluginProject.VERSION);
        values.put("javaRelease", String.valueOf(PluginProject.JAVA_RELEASE));
        values.put("junitVersion", PluginProject.JUNIT_VERSION);
        values.put("junitPlatformVersion", PluginProject.JUNIT_PLATFORM_VERSION);
        values.put("jvmArgs", PluginProject.TEST_JVM_OPTIONS.stream().map(GradleBuild::string)
                .collect(Collectors.joining(", ")));
        values.put("dependencies", dependencies());
        return values;
    }

    private static String dependencies() {
        var kotlin = new StringBuilder();
        for (PluginProject.Dependency d : PluginProject.DEPENDENCIES) {
            if (!kotlin.isEmpty()) kotlin.append('\n');
            kotlin.append(PluginProject.wrap(d.why(), "    // ", "    // ", 118)).append('\n');
            String coordinates = string(d.group() + ":" + d.artifact() + ":" + switch (d.version()) {
                case JMCP -> "$jmcpVersion";
                case JUNIT -> "$junitVersion";
            });
            switch (d.scope()) {
                case PROVIDED -> kotlin.append("    compileOnly(").append(coordinates).append(")\n")
                        .append("    testImplementation(").append(coordinates).append(")\n");
                case TEST -> kotlin.append("    testImplementation(").append(coordinates).append(")\n");
                case IMPORT -> kotlin.append("    // Enforced, and for the tests only: they resolve exactly the versions the "
                                + "Maven build resolves, which are\n    // those the release's repository holds. The "
                                + "plugin's own libraries take the versions declared here.\n")
                        .append("    testImplementation(enforcedPlatform(").append(coordinates).append("))\n");
            }
        }
        kotlin.append("\n    // Gradle runs JUnit 5 tests through the JUnit Platform launcher, which the test runtime must hold (Maven's\n")
                .append("    // Surefire adds it by itself).\n")
                .append("    testRuntimeOnly(").append(string("org.junit.platform:junit-platform-launcher:$junitPlatformVersion"))
                .append(")");
        return kotlin.toString();
    }

    /** A Kotlin string literal of {@code text}, whose {@code $name} templates stay templates. */
    static String string(String text) {
        return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
