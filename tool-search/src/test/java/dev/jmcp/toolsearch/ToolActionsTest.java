package dev.jmcp.toolsearch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static dev.jmcp.toolsearch.Tools.tool;
import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class ToolActionsTest {

    private final ToolActions actions = ToolActions.shipped();
    private final QueryGlossary glossary = QueryGlossary.shipped();

    private String request(String text) {
        return actions.ofRequest(text, glossary.translate(text));
    }

    @Test
    void aToolsKindIsTheFirstActionWordOfItsName() {
        assertThat(actions.ofTool("github_get_issue")).isEqualTo("read");
        assertThat(actions.ofTool("updateIssue")).isEqualTo("update");
        assertThat(actions.ofTool("memory.delete_entities")).isEqualTo("delete");
        assertThat(actions.ofTool("API-post-page")).isEqualTo("create");
        assertThat(actions.ofTool("maps_geocode")).isNull();
    }

    @Test
    void aRequestsKindIsItsFirstWordAfterTheLeadIn() {
        assertThat(request("show issue #311")).isEqualTo("read");
        assertThat(request("please could you delete the staging branch")).isEqualTo("delete");
        assertThat(request("Forget everything about project Falcon")).isEqualTo("delete");
        assertThat(request("rename draft.txt to final.txt")).isEqualTo("update");
        // The first word is no verb: nothing is said about the kind, rather than guessing from a later word.
        assertThat(request("the weather in Paris, then create a note")).isNull();
        assertThat(request("")).isNull();
    }

    @Test
    void openCreatesOnlyBeforeAnArticle() {
        assertThat(request("open a bug ticket: login fails on safari")).isEqualTo("create");
        assertThat(request("please open an issue for this")).isEqualTo("create");
        assertThat(request("open the pricing page")).isNull();
        assertThat(request("open")).isNull();
    }

    @Test
    void aRequestInAnotherLanguageIsReadThroughItsTranslation() {
        assertThat(request("删除这个分支")).isEqualTo("delete");
        assertThat(request("lista los pods que están fallando")).isEqualTo("read");
    }

    @Test
    void agreementIsOnlyForTwoKnownKinds() {
        assertThat(ToolActions.agreement("read", "read")).isEqualTo(1);
        assertThat(ToolActions.agreement("read", "update")).isEqualTo(-1);
        assertThat(ToolActions.agreement(null, "update")).isZero();
        assertThat(ToolActions.agreement("read", null)).isZero();
    }

    @Test
    void siblingToolsOfOneServerAreToldApartByTheirVerb() {
        try (HybridToolIndex index = new HybridToolIndexFactory().index("none", null)) {
            index.update(List.of(
                    tool("tracker_get_issue", "Issue details: title, body, labels, state of issue in a project."),
                    tool("tracker_update_issue", "Issue fields: change title, body, labels, state of issue in a project."),
                    tool("tracker_delete_issue", "Issue removal: the issue in a project is gone for good.")));
            assertThat(index.search("show issue 311 in project web", 3)).first().isEqualTo("tracker_get_issue");
            assertThat(index.search("close issue 311 and label it wontfix", 3)).first()
                    .isEqualTo("tracker_update_issue");
            assertThat(index.search("remove issue 311 from project web", 3)).first().isEqualTo("tracker_delete_issue");
        }
    }
}
