package dev.jmcp.cli.create;

import java.util.List;
import java.util.Locale;

/**
 * What a generated plugin project's build says, whichever tool builds it: coordinates, the jmcp release and the
 * repository it comes from, the Java release, the dependencies with their scopes and the test JVM's options. The Maven
 * and the Gradle build are both rendered from one of these ({@link MavenBuild}, {@link GradleBuild}), so the two cannot
 * say different things. Immutable.
 *
 * @param name          the plugin's name (its artifact id, its {@code Jmcp-Plugin-Name})
 * @param group         the group id
 * @param javaPackage   the package of the plugin class
 * @param jmcpVersion   the jmcp release that wrote the project: the plugin API its server supplies
 * @param repositoryUrl where jmcp's artifacts come from (the release's own repository, a {@code file:} URL)
 */
record PluginProject(String name, String group, String javaPackage, String jmcpVersion, String repositoryUrl) {
    /** The project's own version. */
    static final String VERSION = "1.0.0";
    /** jmcp and its plugins run on Java 25. */
    static final int JAVA_RELEASE = 25;
    static final String JUNIT_VERSION = "5.14.1";
    /** The JUnit Platform release that goes with {@link #JUNIT_VERSION} (5.x.y: 1.x.y). */
    static final String JUNIT_PLATFORM_VERSION = "1.14.1";

    /**
     * The test JVM's options. It lives a second or two: the quick compiler only ({@code -XX:TieredStopAtLevel=1}), so
     * it does not spend half its CPU optimising code it is about to leave; the serial collector, which starts none of
     * G1's threads for a heap it barely uses; no performance-counter file ({@code -XX:-UsePerfData}), which the JVM
     * would otherwise create and map at start for tools nobody runs on a test.
     */
    static final List<String> TEST_JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
            "-XX:-UsePerfData");

    /** Which version a dependency takes. */
    enum Version {
        JMCP, JUNIT
    }

    /** How a dependency is used. */
    enum Scope {
        /** Compiled against, supplied at run time by the server: never bundled. */
        PROVIDED,
        /** For the tests only. */
        TEST,
        /** A BOM whose versions the build takes (Maven: imported; Gradle: a platform of the tests). */
        IMPORT
    }

    /** One dependency of the project, and why it has it (a comment in both builds). */
    record Dependency(String group, String artifact, Version version, Scope scope, String why) {
    }

    /** The project's dependencies, in the order the builds list them. */
    static final List<Dependency> DEPENDENCIES = List.of(
            new Dependency("dev.jmcp", "jmcp-parent", Version.JMCP, Scope.IMPORT,
                    "The versions of every library jmcp's engine and test kit bring (Jackson, Jetty, JUnit, ...), as "
                            + "jmcp itself is built and runs with them: without these, the build would pick among the "
                            + "versions those libraries ask for by themselves, and the tests would run on other "
                            + "versions than the server does. jmcp's parent POM holds them."),
            new Dependency("dev.jmcp", "jmcp-plugin-api", Version.JMCP, Scope.PROVIDED,
                    "The server supplies the plugin API at run time: compile against it, never bundle it."),
            new Dependency("dev.jmcp", "jmcp-plugin-testkit", Version.JMCP, Scope.TEST,
                    "Loads this plugin into a real jmcp engine in the test's JVM (or a server process) and calls it "
                            + "through a real client. Test scope: the engine and client it brings never reach the "
                            + "plugin's JAR."),
            new Dependency("org.junit.jupiter", "junit-jupiter", Version.JUNIT, Scope.TEST, "JUnit 5."));

    /** {@code git-tools} gives {@code GitToolsPlugin}. */
    String className() {
        var result = new StringBuilder();
        for (String part : name.split("-")) {
            result.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
        }
        return result.append("Plugin").toString();
    }

    /** The prefix of the plugin's environment variables: {@code git-tools} gives {@code GIT_TOOLS}. */
    String envPrefix() {
        return name.toUpperCase(Locale.ROOT).replace('-', '_');
    }

    /** The built JAR's file name. */
    String jarName() {
        return name + "-" + VERSION + ".jar";
    }

    static String version(Version version, String jmcpVersion) {
        return switch (version) {
            case JMCP -> jmcpVersion;
            case JUNIT -> JUNIT_VERSION;
        };
    }

    /** {@code text} in lines of at most {@code width} characters, each starting with {@code prefix}. */
    static String wrap(String text, String prefix, String continuation, int width) {
        var out = new StringBuilder();
        var line = new StringBuilder(prefix);
        boolean empty = true;
        for (String word : text.split(" ")) {
            if (!empty && line.length() + 1 + word.length() > width) {
                out.append(line).append('\n');
                line = new StringBuilder(continuation);
                empty = true;
            }
            if (!empty) line.append(' ');
            line.append(word);
            empty = false;
        }
        return out.append(line).toString();
    }
}
