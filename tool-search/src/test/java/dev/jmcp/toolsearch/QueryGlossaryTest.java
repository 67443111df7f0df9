package dev.jmcp.toolsearch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class QueryGlossaryTest {

    private final QueryGlossary glossary = QueryGlossary.shipped();

    private List<String> words(String query) {
        return List.of(glossary.english(query).split(" "));
    }

    @Test
    void chineseAndJapaneseAreMatchedWithoutSpacesLongestEntryFirst() {
        QueryGlossary.Translation rain = glossary.translate("明天北京会下雨吗");
        assertThat(rain.foreign()).isTrue();
        assertThat(rain.english().split(" ")).contains("tomorrow", "rain");
        assertThat(words("このファイルの中身を見せて")).contains("file", "show");
        assertThat(words("给团队频道发一条消息")).contains("channel", "message");
    }

    @Test
    void japaneseLoanwordsWithTheLongVowelMarkAreMatched() {
        // The long-vowel mark ー is in Unicode's common script, not katakana: it must not cut a word in two.
        assertThat(words("このページのスクリーンショットを撮って")).contains("screenshot");
        assertThat(words("本番環境で一番多いエラーは何？")).contains("production", "error");
        assertThat(words("ｴﾗｰ")).contains("error");
    }

    @Test
    void aKoreanStemIsFoundInsideAnInflectedWord() {
        QueryGlossary.Translation issue = glossary.translate("이슈를 만들어줘");
        assertThat(issue.foreign()).isTrue();
        assertThat(issue.english().split(" ")).contains("issue", "create");
    }

    @Test
    void latinScriptWordsAreMatchedWithoutCaseOrAccentsAndPhrasesBeforeWords() {
        assertThat(words("Lösche die Datei notes.txt")).contains("delete", "file");
        assertThat(words("losche die datei")).contains("delete", "file");
        assertThat(words("crea una base de datos")).contains("create", "database");
        assertThat(words("montre-moi les fichiers")).contains("file");
    }

    @Test
    void englishRequestsGetTheWordsToolsUseAndAreNotForeign() {
        QueryGlossary.Translation forget = glossary.translate("forget what you know about Bob");
        assertThat(forget.foreign()).isFalse();
        assertThat(forget.english().split(" ")).contains("delete");
        assertThat(glossary.translate("send a message to the team").foreign()).isFalse();
    }

    @Test
    void colloquialChinesePhrasingsGiveTheWordsToolsUse() {
        assertThat(words("测试挂了，帮我看看报错")).contains("failed", "error");
        assertThat(words("切到dev分支")).contains("switch", "checkout", "branch");
        assertThat(words("记得我喜欢用空格缩进")).contains("remember", "memory");
        assertThat(words("把副本数扩到5个")).contains("replicas", "scale");
        assertThat(words("users这张表有多少条数据")).contains("table", "count");
        assertThat(words("把那个弹框关掉")).contains("dialog");
        assertThat(words("东京现在几点了")).contains("current", "time");
    }

    @Test
    void anAmbiguousChineseCharacterAloneGivesNothing() {
        // 表 is a table only in a data context (张表, 表里, 建表); inside 发表 (publish) or 表示 (mean) it is not.
        assertThat(words("发表一篇博客文章")).doesNotContain("table");
        assertThat(words("这张表有哪些字段")).contains("table");
    }

    @Test
    void colloquialJapaneseAndKoreanPhrasingsGiveTheWordsToolsUse() {
        assertThat(words("ビルドがコケた")).contains("build", "failed");
        assertThat(words("サーバーが落ちた")).contains("crash");
        assertThat(words("ブランチを切り替えて")).contains("checkout", "branch");
        assertThat(words("これ覚えといて")).contains("memory");
        assertThat(words("빌드가 터졌어")).contains("build", "crash");
        assertThat(words("이거 기억해줘")).contains("memory");
    }

    @Test
    void aKoreanEntryWithASpaceMatchesWhereTheRequestHasThatSpace() {
        // Korean writes spaces between words: 가는 길 (the way there) and 몇 시 (what time) are entries with a space.
        assertThat(words("역까지 가는 길 알려줘")).contains("directions", "route");
        assertThat(words("지금 뉴욕은 몇 시야?")).contains("time");
        assertThat(words("몇시야")).contains("time");
    }

    @Test
    void colloquialLatinScriptPhrasingsGiveTheWordsToolsUse() {
        assertThat(words("¿qué hora es en Tokio?")).contains("current", "time");
        assertThat(words("se cayó el servidor")).contains("crash");
        assertThat(words("cámbiate a la rama main")).contains("switch", "branch");
        assertThat(words("le build a planté")).contains("crash");
        assertThat(words("bascule sur la branche dev")).contains("switch", "branch");
        assertThat(words("wie spät ist es in Tokio")).contains("current", "time");
        assertThat(words("merk dir, dass ich Tabs mag")).contains("memory");
        assertThat(words("der Build ist abgeschmiert")).contains("crash");
        assertThat(words("o deploy deu erro")).contains("error");
        assertThat(words("que horas são em Tóquio")).contains("current", "time");
        assertThat(words("esquece o que eu disse")).contains("forget", "memory");
    }

    @Test
    void colloquialEnglishGetsTheWordsToolsUse() {
        assertThat(words("look it up on the web")).contains("search");
        assertThat(words("what time is it in Tokyo")).contains("current", "time");
        assertThat(words("the nightly build blew up")).contains("error", "failed");
        assertThat(words("scale up the workers")).contains("scale", "replicas");
        assertThat(words("ssh into the api pod")).contains("exec", "shell");
        assertThat(glossary.translate("what time is it in Tokyo").foreign()).isFalse();
    }

    @Test
    void functionWordsTellALatinScriptLanguageFromEnglish() {
        // "E-Mail" and "Team" are English glossary words too; the German articles decide.
        assertThat(glossary.translate("schick eine E-Mail an das Team").foreign()).isTrue();
        assertThat(glossary.translate("abre la página de inicio en el navegador").foreign()).isTrue();
        assertThat(glossary.translate("open the start page in the browser").foreign()).isFalse();
    }

    @Test
    void aWordSpeltAlikeInTwoLanguagesIsReadInTheLanguageOfTheRequest() {
        // "Termine" is appointments in German; "termine" is finish in French and Portuguese.
        assertThat(words("welche Termine habe ich heute noch?")).contains("appointment", "today")
                .doesNotContain("terminate", "stop");
        assertThat(words("termine la tâche de la semaine")).contains("stop").doesNotContain("appointment");
        // One word of the language is enough to tell it.
        assertThat(words("Termine heute")).isEqualTo(words("welche Termine habe ich heute noch?"));
        // With nothing telling its language, a word gives all its meanings, as it did before.
        assertThat(words("termine")).contains("appointment", "stop");
        // A function word of the request's language is not read as another glossary's word spelt alike.
        assertThat(words("borra todo el historial del navegador")).doesNotContain("task", "todo");
        assertThat(words("add a todo for the release")).contains("task");
    }

    @Test
    void aRequestWithNoKnownWordTranslatesToNothing() {
        assertThat(glossary.translate("xyzzy plugh").english()).isEmpty();
        assertThat(glossary.translate("").english()).isEmpty();
    }

    @Test
    void aHugeRequestGivesABoundedTranslationQuickly() {
        String huge = "删除文件 delete the file ".repeat(5_000);
        long start = System.nanoTime();
        String english = glossary.english(huge);
        assertThat(english.split(" ").length).isLessThanOrEqualTo(64);
        assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(2_000);
    }

    @Test
    void aMalformedGlossaryLineIsRefusedWithItsFileAndLine() {
        Map<String, QueryGlossary.Entry> entries = new HashMap<>();
        byte[] text = "# comment\nfichier\tfile\nno tab here\n".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> QueryGlossary.read(new ByteArrayInputStream(text), "fr.tsv", "fr", entries))
                .hasMessageContaining("fr.tsv:3");
    }
}
