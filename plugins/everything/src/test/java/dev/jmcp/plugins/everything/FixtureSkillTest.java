package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.Skill;
import dev.jmcp.testkit.RecordingRegistrar;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FixtureSkillTest {
    private final RecordingRegistrar registrar = Fixture.registered();

    @Test
    void oneSkillIsShippedWithASubdirectoryTheDirectoryScenarioCanDescendInto() {
        assertThat(registrar.skills()).containsOnlyKeys("greet-politely");
        Skill skill = registrar.skills().get("greet-politely");
        assertThat(skill.description()).isNotBlank();
        assertThat(skill.files().keySet()).anyMatch(path -> path.startsWith("scripts/"));
        assertThat(skill.instructions()).contains("scripts/greet.sh");
    }
}
