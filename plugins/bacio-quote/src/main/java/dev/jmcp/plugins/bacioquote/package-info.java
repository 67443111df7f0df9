/**
 * The bacio-quote sample plugin: the resource {@code bacio:///quote}, a random Italian proverb with an English gloss,
 * like the note wrapped around a Bacio chocolate, chosen afresh at every read. Uses only {@code jmcp-plugin-api}.
 */
package dev.jmcp.plugins.bacioquote;
