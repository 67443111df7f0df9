package dev.jmcp.toolsearch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class ToolTextAnalyzerTest {

    private final ToolTextAnalyzer analyzer = new ToolTextAnalyzer();

    private List<String> terms(String text) {
        return List.copyOf(analyzer.terms(text, 100));
    }

    @Test
    void camelCaseSnakeCaseKebabCaseAndDotsSplitIntoWords() {
        assertThat(terms("getWeatherForecast")).containsExactly("get", "weather", "forecast");
        assertThat(terms("get_weather_forecast")).containsExactly("get", "weather", "forecast");
        assertThat(terms("get-weather-forecast")).containsExactly("get", "weather", "forecast");
        assertThat(terms("weather.getForecast")).containsExactly("weather", "get", "forecast");
        assertThat(terms("HTTPServerStatus")).containsExactly("http", "server", "statu");
    }

    @Test
    void digitsSplitFromLetters() {
        assertThat(terms("s3ListBuckets")).containsExactly("s", "3", "list", "bucket");
        assertThat(terms("v2api")).containsExactly("v", "2", "api");
    }

    @Test
    void englishIsStemmedAndStopWordsDropped() {
        assertThat(terms("Searching the repositories")).containsExactly("search", "repositori");
        assertThat(terms("the repository's issues")).containsExactly("repositori", "issu");
    }

    @Test
    void requestAndIdentifierMeetOnTheSameTerms() {
        assertThat(terms("list pull requests")).containsExactlyElementsOf(terms("list_pull_requests"));
        assertThat(terms("create an issue")).containsExactlyElementsOf(terms("createIssue"));
    }

    @Test
    void chineseAndJapaneseTextBecomeBigrams() {
        assertThat(terms("天气预报")).containsExactly("天气", "气预", "预报");
        assertThat(terms("東京の天気")).contains("東京", "天気");
        assertThat(terms("查询 github 仓库")).containsExactly("查询", "github", "仓库");
    }

    @Test
    void fullWidthLatinIsFolded() {
        assertThat(terms("ＧｉｔＨｕｂ")).containsExactly("git", "hub");
    }

    @Test
    void termsAreBounded() {
        assertThat(analyzer.terms("a1 b2 c3 d4 e5 f6 g7 h8 i9", 4)).hasSize(4);
    }
}
