package dev.jmcp.plugins.bacioquote;

import dev.jmcp.protocol.ReadResourceResult;
import dev.jmcp.protocol.Resource;
import dev.jmcp.protocol.TextResourceContents;
import dev.jmcp.testkit.RecordingContext;
import dev.jmcp.testkit.RecordingRegistrar;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class BacioQuotePluginTest {
    private final RecordingRegistrar registrar = new RecordingRegistrar();

    BacioQuotePluginTest() {
        new BacioQuotePlugin().register(registrar);
    }

    @Test
    void declaresTheQuoteAsAPlainTextResource() {
        Resource resource = registrar.resources().get("bacio:///quote").declaration();

        assertThat(resource.name()).isEqualTo("quote");
        assertThat(resource.title()).isEqualTo("Bacio quote");
        assertThat(resource.mimeType()).isEqualTo("text/plain");
        assertThat(resource.description()).isNotBlank();
    }

    @Test
    void bundlesAtLeastAHundredDistinctProverbsEachWithAGloss() {
        List<String> all = Proverbs.bundled().all();

        assertThat(all).hasSizeGreaterThanOrEqualTo(100).doesNotHaveDuplicates().allMatch(p -> !p.isBlank());
        assertThat(all).allSatisfy(p -> assertThat(p).matches("\\S.*[.!?] — \\S.*\\.$"));
        assertThat(all.stream().map(p -> p.substring(0, p.indexOf(" — "))).distinct()).hasSameSizeAs(all);
    }

    @Test
    void proverbsAreReadAsUtf8WithTheirAccents() {
        assertThat(Proverbs.bundled().all())
                .contains("Tra il dire e il fare c'è di mezzo il mare. — Between saying and doing lies the sea.")
                .anyMatch(p -> p.startsWith("Chi fa da sé fa per tre."));
    }

    @Test
    void everyReadPicksAQuoteAfresh() throws Exception {
        var handler = registrar.resources().get("bacio:///quote").handler();
        Set<String> all = Set.copyOf(Proverbs.bundled().all());
        Set<String> seen = new HashSet<>();

        for (int i = 0; i < 50; i++) {
            ReadResourceResult result = handler.read("bacio:///quote", RecordingContext.plain());
            var contents = (TextResourceContents) result.contents().getFirst();
            assertThat(contents.uri()).isEqualTo("bacio:///quote");
            assertThat(contents.mimeType()).isEqualTo("text/plain");
            assertThat(all).contains(contents.text());
            seen.add(contents.text());
        }

        // Fifty draws from 100+ proverbs all landing on one is about (1/100)^49 likely.
        assertThat(seen).hasSizeGreaterThan(1);
    }
}
