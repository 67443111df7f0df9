package dev.jmcp.plugin;

import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.Root;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The values plugins build and receive: what they accept, what they refuse with a message, and that they stay put. */
class PluginValuesTest {

    @ParameterizedTest
    @ValueSource(strings = {"pdf", "a", "pdf-tools", "x1-2y"})
    void skillNamesOfLowerCaseLettersDigitsAndSingleHyphensAreAccepted(String name) {
        assertThat(new Skill(name, "does things", "# How", Map.of()).name()).isEqualTo(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "PDF", "-pdf", "pdf-", "pdf--tools", "pdf tools", "p_df",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"})
    void otherSkillNamesAreRefusedWithTheRule(String name) {
        assertThatThrownBy(() -> new Skill(name, "does things", "", Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lower-case letters, digits");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/abs", "dir/", "a//b", "./a", "a/../b", "..", "SKILL.md"})
    void unusableSkillFilePathsAreRefused(String path) {
        assertThatThrownBy(() -> new Skill("pdf", "d", "", Map.of(path, new byte[0])))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unusable file path");
    }

    @Test
    void aSkillNeedsADescriptionAndKeepsItsOwnCopyOfEveryFile() {
        assertThatThrownBy(() -> new Skill("pdf", " ", "", Map.of())).hasMessageContaining("needs a description");
        byte[] script = "echo hi".getBytes(StandardCharsets.UTF_8);
        var files = new HashMap<String, byte[]>(Map.of("scripts/run.sh", script));
        var skill = new Skill("pdf", "d", null, files);
        script[0] = 'X';
        files.clear();
        assertThat(skill.instructions()).isEmpty();
        assertThat(new String(skill.file("scripts/run.sh"), StandardCharsets.UTF_8)).isEqualTo("echo hi");
        skill.file("scripts/run.sh")[0] = 'Y';
        assertThat(skill.file("scripts/run.sh")[0]).isEqualTo((byte) 'e');
        assertThat(skill.file("missing")).isNull();
    }

    @Test
    void inputResponsesHandOutEachAnswerAsTheTypeItWasAskedAs() {
        var accepted = new ElicitResult("accept", Map.of("name", "Ada"));
        var roots = List.of(new Root("file:///work", "work"));
        var responses = new InputResponses(Map.of("who", accepted, "where", roots));
        assertThat(responses.elicitation("who")).isEqualTo(accepted);
        assertThat(responses.roots("where")).isEqualTo(roots);
        assertThatThrownBy(() -> responses.sampling("who")).hasMessage(
                "input 'who' was answered with ElicitResult, not CreateMessageResult");
        assertThatThrownBy(() -> responses.elicitation("nobody")).hasMessage("no answer for input 'nobody'");
    }

    @Test
    void anIdentityNeedsASubjectAndAnswersForItsScopes() {
        assertThatThrownBy(() -> new Identity(null, null, null, null)).hasMessageContaining("needs a subject");
        var identity = new Identity("ada", null, Set.of("mcp:tools"), null);
        assertThat(identity.hasScope("mcp:tools")).isTrue();
        assertThat(identity.hasScope("admin")).isFalse();
        assertThat(identity.claims()).isEmpty();
    }
}
