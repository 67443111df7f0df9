package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.Registrar;
import dev.jmcp.plugin.Skill;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;

/**
 * The skill the conformance suite's skills scenarios (SEP-2640) enumerate, read and list: {@code greet-politely},
 * whose directory holds a {@code scripts/} subdirectory and a reference file. Stateless.
 */
final class FixtureSkill {
    private FixtureSkill() {
    }

    static void register(Registrar registrar) {
        var files = new LinkedHashMap<String, byte[]>();
        files.put("scripts/greet.sh", """
                #!/bin/sh
                # Prints a polite greeting for the name given as the first argument.
                printf 'Good day, %s.\\n' "${1:-friend}"
                """.getBytes(StandardCharsets.UTF_8));
        files.put("reference/phrases.txt", """
                Good day
                Pleased to meet you
                Thank you kindly
                """.getBytes(StandardCharsets.UTF_8));
        registrar.skill(new Skill("greet-politely", "Greets a person politely; use it when the user asks for a greeting.",
                """
                # Greet politely

                1. Ask for the person's name if it is not known.
                2. Run `scripts/greet.sh <name>`, or pick a phrase from `reference/phrases.txt`.
                3. Reply with the greeting and nothing else.
                """, files));
    }
}
