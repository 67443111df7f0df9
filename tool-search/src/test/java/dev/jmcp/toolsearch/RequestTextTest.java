package dev.jmcp.toolsearch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class RequestTextTest {

    @Test
    void quotedWordsAreThePayloadNotTheIntent() {
        RequestText text = RequestText.of("post \"deploy done\" to the releases channel");
        assertThat(text.intent()).isEqualTo("post   to the releases channel");
        assertThat(text.quoted()).isEqualTo("deploy done");
    }

    @Test
    void typographicCjkAndGuillemetQuotesCount() {
        assertThat(RequestText.of("把“写周报”这个任务标记为完成").quoted()).isEqualTo("写周报");
        assertThat(RequestText.of("「会議メモ」というページを作って").quoted()).isEqualTo("会議メモ");
        assertThat(RequestText.of("ajoute «acheter du lait» à ma liste").quoted()).isEqualTo("acheter du lait");
        assertThat(RequestText.of("schreib „Hallo Welt“ in die Datei").quoted()).isEqualTo("Hallo Welt");
        assertThat(RequestText.of("search for 'rust async' repos").quoted()).isEqualTo("rust async");
    }

    @Test
    void anApostropheInsideAWordIsNoQuote() {
        RequestText text = RequestText.of("what's in redis, don't change it");
        assertThat(text.intent()).isEqualTo("what's in redis, don't change it");
        assertThat(text.quoted()).isEmpty();
    }

    @Test
    void anUnclosedQuoteRunsToTheEndAndAnAllQuotedRequestIsAllIntent() {
        RequestText unclosed = RequestText.of("send \"hello there");
        assertThat(unclosed.intent()).isEqualTo("send  ");
        assertThat(unclosed.quoted()).isEqualTo("hello there");
        RequestText all = RequestText.of("\"list my repositories\"");
        assertThat(all.intent()).isEqualTo("\"list my repositories\"");
        assertThat(all.quoted()).isEmpty();
        assertThat(RequestText.of("").intent()).isEmpty();
    }

    @Test
    void namedValuesAreThePayloadAndTheirKindIsTheIntent() {
        RequestText file = RequestText.of("show me what's in config/app.yaml");
        assertThat(file.intent()).contains("file").doesNotContain("config");
        assertThat(file.quoted()).isEqualTo("config/app.yaml");
        assertThat(RequestText.of("list all the urls on stripe.com/docs").intent()).contains("url").doesNotContain("stripe");
        assertThat(RequestText.of("open https://news.ycombinator.com/item?id=1 please").quoted())
                .isEqualTo("https://news.ycombinator.com/item?id=1");
        assertThat(RequestText.of("invite alice@example.com").intent()).contains("email address");
        assertThat(RequestText.of("show me assets/logo.png").intent()).contains("image file");
        assertThat(RequestText.of("tail /var/log/syslog").intent()).contains("file");
        assertThat(RequestText.of("move OPS-42 to Done").intent()).contains("issue").doesNotContain("OPS");
        assertThat(RequestText.of("close #311").intent()).contains("issue number");
        assertThat(RequestText.of("what was said in #incidents").intent()).contains("channel");
        assertThat(RequestText.of("ping @bob about it").intent()).contains("user");
        assertThat(RequestText.of("how long ago was 2023-06-15?").intent()).contains("date");
        assertThat(RequestText.of("revert 3f9a2c1d").intent()).contains("commit");
    }

    @Test
    void wordsThatOnlyLookLikeValuesStayTheIntent() {
        assertThat(RequestText.of("set up a Node.js project").quoted()).isEmpty();
        assertThat(RequestText.of("run deploy.sh").intent()).contains("file").doesNotContain("url");
        assertThat(RequestText.of("what's in redis, don't change it").quoted()).isEmpty();
        assertThat(RequestText.of("the feature/login branch").quoted()).isEmpty();
        assertThat(RequestText.of("merge it, e.g. today").quoted()).isEmpty();
    }

    @Test
    void aRequestThatIsOnlyAValueStillAsksForIt() {
        RequestText url = RequestText.of("https://example.com/pricing");
        assertThat(url.intent()).contains("url").contains("https://example.com/pricing");
    }
}
