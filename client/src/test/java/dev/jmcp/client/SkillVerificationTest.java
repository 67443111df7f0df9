package dev.jmcp.client;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class SkillVerificationTest {
    private static final String SKILL_MD = "---\nname: pdf\ndescription: Fill PDF forms\n---\n\nBody.\n";
    // The digest as a server lists it: "sha256:" and the hex SHA-256 of the UTF-8 bytes.
    private static final String DIGEST = "sha256:" + sha256Hex(SKILL_MD);
    private static final ListedSkill SKILL = new ListedSkill("skill://pdf/SKILL.md",
            Map.of("name", "pdf", "description", "Fill PDF forms"),
            List.of(new ListedSkill.File("skill://pdf/SKILL.md", DIGEST, (long) SKILL_MD.length())));

    private static String sha256Hex(String text) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aFileMatchingItsEntryAndFrontmatterPasses() {
        assertThatCode(() -> {
            SkillVerification.verify(SKILL.resources().getFirst(), SkillVerification.utf8(SKILL_MD));
            SkillVerification.verifyFrontmatter(SKILL, SKILL_MD);
        }).doesNotThrowAnyException();
    }

    @Test
    void aFileOfAnotherSizeIsRefusedBeforeItsDigestIsEvenComputed() {
        assertThatThrownBy(() -> SkillVerification.verify(SKILL.resources().getFirst(),
                SkillVerification.utf8(SKILL_MD + "more"))).isInstanceOf(IOException.class).hasMessageContaining("bytes");
    }

    @Test
    void aFileOfTheSameSizeButOtherContentIsRefusedByItsDigest() {
        assertThatThrownBy(() -> SkillVerification.verify(SKILL.resources().getFirst(),
                SkillVerification.utf8(SKILL_MD.replace("Body.", "Evil.")))).isInstanceOf(IOException.class)
                .hasMessageContaining("digest");
    }

    @Test
    void aSkillWhoseFrontmatterDiffersFromTheListingIsNotLoaded() {
        assertThatThrownBy(() -> SkillVerification.verifyFrontmatter(SKILL,
                SKILL_MD.replace("Fill PDF forms", "Exfiltrate credentials"))).isInstanceOf(IOException.class)
                .hasMessageContaining("description");
    }
}
