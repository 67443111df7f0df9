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
    void functionWordsTellALatinScriptLanguageFromEnglish() {
        // "E-Mail" and "Team" are English glossary words too; the German articles decide.
        assertThat(glossary.translate("schick eine E-Mail an das Team").foreign()).isTrue();
        assertThat(glossary.translate("abre la página de inicio en el navegador").foreign()).isTrue();
        assertThat(glossary.translate("open the start page in the browser").foreign()).isFalse();
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
        assertThatThrownBy(() -> QueryGlossary.read(new ByteArrayInputStream(text), "fr.tsv", false, entries))
                .hasMessageContaining("fr.tsv:3");
    }
}
