package dev.jmcp.cli.create;

import dev.jmcp.cli.Jmcp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class NewPluginCommandTest {
    @TempDir
    Path temp;

    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Jmcp.commandLine(new PrintWriter(out, true), new PrintWriter(err, true)).execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void writesAMavenProjectWithTheServicesFileManifestNameShadingAndATest() throws IOException {
        Run run = run("new", "plugin", "git-tools", "--dir", temp.toString());

        assertThat(run.code()).as(run.err()).isZero();
        Path project = temp.resolve("git-tools");
        String pom = Files.readString(project.resolve("pom.xml"));
        assertThat(pom).contains("<artifactId>git-tools</artifactId>", "<groupId>com.example</groupId>",
                "<Jmcp-Plugin-Name>git-tools</Jmcp-Plugin-Name>", "maven-shade-plugin", "<parameters>true</parameters>",
                "<maven.compiler.release>25</maven.compiler.release>", "select-jdk-toolchain",
                "<artifactId>jmcp-plugin-testkit</artifactId>", "<scope>provided</scope>");
        assertThat(pom).doesNotContain("{{");
        // Run from classes, not from a distribution: no repository/ beside lib/, so the POM names Maven Central.
        assertThat(pom).contains("<jmcp.repository>https://repo.maven.apache.org/maven2</jmcp.repository>",
                "<url>${jmcp.repository}</url>");
        assertThat(project.resolve(".mvn/maven.config")).content().contains("-Daether.offline.protocols=file");
        assertThat(project.resolve("src/main/java/com/example/gittools/GitToolsPlugin.java")).content()
                .contains("package com.example.gittools;", "public final class GitToolsPlugin implements Plugin")
                .doesNotContain("{{");
        assertThat(project.resolve("src/test/java/com/example/gittools/GitToolsPluginTest.java")).content()
                .contains("PluginTestKit.plugin(GitToolsPlugin.class).name(\"git-tools\").start()", "forEachRevision");
        assertThat(project.resolve("src/main/resources/META-INF/services/dev.jmcp.plugin.Plugin")).content()
                .isEqualTo("com.example.gittools.GitToolsPlugin\n");
        assertThat(project.resolve("README.md")).content().contains("GIT_TOOLS_KEY", "git-tools.properties");
        assertThat(project.resolve("src/test/resources/tinylog-test.properties")).content().contains("level = info");
        assertThat(run.out()).contains("Created the plugin project " + project, "mvn package");
    }

    @Test
    void groupAndPackageCanBeChosen() {
        Run run = run("new", "plugin", "units", "--dir", temp.toString(), "--group", "org.acme", "--package",
                "org.acme.mcp.units");

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(temp.resolve("units/src/main/java/org/acme/mcp/units/UnitsPlugin.java")).exists();
        assertThat(temp.resolve("units/pom.xml")).content().contains("<groupId>org.acme</groupId>");
    }

    @Test
    void gradleWritesTheSameProjectWithKotlinScripts() throws IOException {
        Run run = run("new", "plugin", "git-tools", "--gradle", "--dir", temp.toString());

        assertThat(run.code()).as(run.err()).isZero();
        Path project = temp.resolve("git-tools");
        assertThat(project.resolve("pom.xml")).doesNotExist();
        assertThat(project.resolve(".mvn")).doesNotExist();
        assertThat(project.resolve("settings.gradle.kts")).content().contains("rootProject.name = \"git-tools\"");
        String build = Files.readString(project.resolve("build.gradle.kts"));
        assertThat(build).contains("group = \"com.example\"", "version = \"1.0.0\"",
                "languageVersion.set(JavaLanguageVersion.of(25))", "useJUnitPlatform()",
                "options.compilerArgs.add(\"-parameters\")", "attributes(\"Jmcp-Plugin-Name\" to \"git-tools\")",
                "compileOnly(\"dev.jmcp:jmcp-plugin-api:$jmcpVersion\")",
                "url = uri(jmcpRepository)", "configurations.runtimeClasspath", "GIT_TOOLS_*");
        assertThat(build).doesNotContain("{{");
        KotlinScript.assertPlausible(build);
        KotlinScript.assertPlausible(Files.readString(project.resolve("settings.gradle.kts")));
        assertThat(project.resolve("src/main/java/com/example/gittools/GitToolsPlugin.java")).content()
                .contains("public final class GitToolsPlugin implements Plugin");
        assertThat(project.resolve("src/test/java/com/example/gittools/GitToolsPluginTest.java")).content()
                .contains("PluginTestKit.plugin(GitToolsPlugin.class).name(\"git-tools\").start()");
        assertThat(project.resolve("src/main/resources/META-INF/services/dev.jmcp.plugin.Plugin")).content()
                .isEqualTo("com.example.gittools.GitToolsPlugin\n");
        assertThat(project.resolve("src/test/resources/tinylog-test.properties")).content().contains("level = info");
        assertThat(project.resolve("README.md")).content().contains("gradle build", "build/libs/git-tools-1.0.0.jar",
                "GIT_TOOLS_KEY").doesNotContain("mvn ");
        assertThat(project.resolve(".gitignore")).content().contains("build/", ".gradle/");
        assertThat(run.out()).contains("gradle build", "build/libs/git-tools-1.0.0.jar");
    }

    /**
     * The Maven and the Gradle build written for the same plugin in the same run state the same facts: coordinates,
     * jmcp's version and repository, JUnit's version, the Java release, the dependencies with their scopes, the test
     * JVM's options and the plugin's name in the manifest.
     */
    @Test
    void theMavenAndTheGradleBuildStateTheSameFacts() throws Exception {
        assertThat(run("new", "plugin", "units", "--dir", temp.resolve("maven").toString()).code()).isZero();
        assertThat(run("new", "plugin", "units", "--gradle", "--dir", temp.resolve("gradle").toString()).code()).isZero();
        var pom = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(temp.resolve("maven/units/pom.xml").toFile());
        var xpath = javax.xml.xpath.XPathFactory.newInstance().newXPath();
        String gradle = Files.readString(temp.resolve("gradle/units/build.gradle.kts"));

        String jmcpVersion = xpath.evaluate("/project/properties/jmcp.version", pom);
        String junitVersion = xpath.evaluate("/project/properties/junit.version", pom);
        String repository = xpath.evaluate("/project/properties/jmcp.repository", pom);
        assertThat(jmcpVersion).isNotBlank();
        assertThat(gradle).contains("val jmcpVersion = \"" + jmcpVersion + "\"",
                "val junitVersion = \"" + junitVersion + "\"",
                "providers.gradleProperty(\"jmcp.repository\").getOrElse(\"" + repository + "\")",
                "group = \"" + xpath.evaluate("/project/groupId", pom) + "\"",
                "version = \"" + xpath.evaluate("/project/version", pom) + "\"",
                "JavaLanguageVersion.of(" + xpath.evaluate("/project/properties/maven.compiler.release", pom) + ")",
                "attributes(\"Jmcp-Plugin-Name\" to \"" + xpath.evaluate(
                        "//plugin[artifactId='maven-jar-plugin']//Jmcp-Plugin-Name", pom) + "\")");
        assertThat(xpath.evaluate("/project/repositories/repository/url", pom)).isEqualTo("${jmcp.repository}");

        // Every Maven dependency, as Gradle declares it.
        var expected = new java.util.TreeSet<String>();
        var dependencies = (org.w3c.dom.NodeList) xpath.evaluate("/project/dependencies/dependency", pom,
                javax.xml.xpath.XPathConstants.NODESET);
        for (int i = 0; i < dependencies.getLength(); i++) {
            var d = dependencies.item(i);
            String coordinates = xpath.evaluate("groupId", d) + ":" + xpath.evaluate("artifactId", d) + ":"
                    + xpath.evaluate("version", d).replace("${jmcp.version}", "$jmcpVersion")
                    .replace("${junit.version}", "$junitVersion");
            switch (xpath.evaluate("scope", d)) {
                case "provided" -> {
                    expected.add("compileOnly(\"" + coordinates + "\")");
                    expected.add("testImplementation(\"" + coordinates + "\")");
                }
                case "test" -> expected.add("testImplementation(\"" + coordinates + "\")");
                default -> throw new AssertionError("a scope the test does not know: " + xpath.evaluate("scope", d));
            }
        }
        var imports = (org.w3c.dom.NodeList) xpath.evaluate("/project/dependencyManagement/dependencies/dependency"
                + "[scope='import']", pom, javax.xml.xpath.XPathConstants.NODESET);
        for (int i = 0; i < imports.getLength(); i++) {
            var d = imports.item(i);
            expected.add("testImplementation(enforcedPlatform(\"" + xpath.evaluate("groupId", d) + ":"
                    + xpath.evaluate("artifactId", d) + ":"
                    + xpath.evaluate("version", d).replace("${jmcp.version}", "$jmcpVersion") + "\"))");
        }
        assertThat(expected).hasSize(5);
        var declared = new java.util.TreeSet<String>();
        var declaration = java.util.regex.Pattern.compile("^    (compileOnly|implementation|testImplementation|"
                + "testRuntimeOnly|runtimeOnly)\\(.*\\)$", java.util.regex.Pattern.MULTILINE).matcher(gradle);
        while (declaration.find()) declared.add(declaration.group().strip());
        declared.remove("testRuntimeOnly(\"org.junit.platform:junit-platform-launcher:$junitPlatformVersion\")");
        assertThat(declared).containsExactlyInAnyOrderElementsOf(expected);

        // The test JVM's options, option for option; Maven's test JVM starts from its AOT cache besides.
        String argLine = xpath.evaluate("//plugin[artifactId='maven-surefire-plugin']/configuration/argLine", pom);
        String jvmArgs = gradle.substring(gradle.indexOf("jvmArgs(") + "jvmArgs(".length());
        jvmArgs = jvmArgs.substring(0, jvmArgs.indexOf(')'));
        List<String> gradleOptions = java.util.Arrays.stream(jvmArgs.split(","))
                .map(a -> a.strip().replace("\"", "")).toList();
        List<String> mavenOptions = List.of(argLine.strip().split("\\s+"));
        assertThat(mavenOptions.subList(0, gradleOptions.size())).isEqualTo(gradleOptions);
        assertThat(mavenOptions.subList(gradleOptions.size(), mavenOptions.size())).containsExactly(
                "-XX:AOTCache=${project.build.directory}/jmcp-test-jvm.aot",
                "-Djmcp.test-jvm.cache=${project.build.directory}/jmcp-test-jvm.aot", "-Xlog:aot=off", "-Xlog:cds=off");
    }

    /**
     * The Maven build trains its test JVM's AOT cache when target/ has none: a Surefire execution before the tests runs
     * the test kit's training test with empty class folders (JDK 25 writes no cache while classes come from a folder),
     * with the tests' own JVM options, writes the very file the tests' JVM is given, and never fails the build.
     */
    @Test
    void theMavenBuildTrainsItsTestJvmsCacheWhenTargetHasNone() throws Exception {
        assertThat(run("new", "plugin", "units", "--dir", temp.toString()).code()).isZero();
        var pom = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(temp.resolve("units/pom.xml").toFile());
        var xpath = javax.xml.xpath.XPathFactory.newInstance().newXPath();
        String profile = "/project/profiles/profile[id='jmcp-test-jvm-training']";
        assertThat(xpath.evaluate(profile + "/activation/file/missing", pom))
                .isEqualTo("${basedir}/target/jmcp-test-jvm.aot");
        String execution = profile + "/build/plugins/plugin[artifactId='maven-surefire-plugin']/executions/execution";
        assertThat(xpath.evaluate(execution + "/phase", pom)).isEqualTo("process-test-classes");
        assertThat(xpath.evaluate(execution + "/goals/goal", pom)).isEqualTo("test");
        String configuration = execution + "/configuration/";
        assertThat(xpath.evaluate(configuration + "test", pom)).isEqualTo("dev.jmcp.testjvm.TestJvmTraining");
        assertThat(xpath.evaluate(configuration + "dependenciesToScan/dependency", pom))
                .isEqualTo("dev.jmcp:jmcp-plugin-testkit");
        assertThat(xpath.evaluate(configuration + "classesDirectory", pom))
                .isEqualTo(xpath.evaluate(configuration + "testClassesDirectory", pom))
                .isEqualTo("${project.build.directory}/jmcp-test-jvm/none");
        assertThat(xpath.evaluate(configuration + "testFailureIgnore", pom)).as("a speed-up never fails the build")
                .isEqualTo("true");
        List<String> training = List.of(xpath.evaluate(configuration + "argLine", pom).strip().split("\\s+"));
        String tests = xpath.evaluate("//plugin[artifactId='maven-surefire-plugin']/configuration/argLine", pom);
        assertThat(training).startsWith(PluginProject.TEST_JVM_OPTIONS.toArray(String[]::new))
                .contains("-XX:AOTCacheOutput=${project.build.directory}/jmcp-test-jvm.aot",
                        "-Djmcp.test-jvm.cache=${project.build.directory}/jmcp-test-jvm.aot")
                .doesNotContain("-XX:AOTCache=${project.build.directory}/jmcp-test-jvm.aot");
        assertThat(tests).contains("-XX:AOTCache=${project.build.directory}/jmcp-test-jvm.aot");
    }

    @Test
    void aNameThatIsNoPluginNameIsAUsageError() {
        Run run = run("new", "plugin", "My Plugin", "--dir", temp.toString());

        assertThat(run.code()).isEqualTo(2);
        assertThat(run.err()).contains("'My Plugin' is not a plugin name");
        assertThat(temp.resolve("My Plugin")).doesNotExist();
    }

    @Test
    void anExistingProjectIsNeverOverwritten() throws IOException {
        Files.createDirectories(temp.resolve("units"));
        Files.writeString(temp.resolve("units/pom.xml"), "mine");

        Run run = run("new", "plugin", "units", "--dir", temp.toString());

        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err()).contains("already exists and is not empty");
        assertThat(temp.resolve("units/pom.xml")).content().isEqualTo("mine");
    }
}
