package dev.jmcp.protocol;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class NamedTargetTest {

    @Test
    void theMethodsThatNameSomethingSayWhichParamsFieldDoes() {
        assertThat(NamedTarget.field("tools/call")).isEqualTo("name");
        assertThat(NamedTarget.field("prompts/get")).isEqualTo("name");
        assertThat(NamedTarget.field("resources/read")).isEqualTo("uri");
        assertThat(NamedTarget.field("tasks/get")).isEqualTo("taskId");
        assertThat(NamedTarget.field("tasks/update")).isEqualTo("taskId");
        assertThat(NamedTarget.field("tasks/cancel")).isEqualTo("taskId");
        assertThat(NamedTarget.field("tools/list")).isNull();
        assertThat(NamedTarget.field("server/discover")).isNull();
    }
}
