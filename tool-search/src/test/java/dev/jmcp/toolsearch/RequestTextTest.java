package dev.jmcp.toolsearch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class RequestTextTest {

    @Test
    void quotedWordsAreThePayloadNotTheIntent() {
        RequestText text = RequestText.of("post \"deploy done\" to #releases");
        assertThat(text.intent()).isEqualTo("post   to #releases");
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
}
