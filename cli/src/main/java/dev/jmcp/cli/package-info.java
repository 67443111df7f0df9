/**
 * The {@code jmcp} command: {@link dev.jmcp.cli.Jmcp} (the entry point and root command, picocli) and what every
 * sub-command shares (the version, size arguments). Sub-commands live in sub-packages ({@code serve}); logging set-up
 * in {@code logging}. Nothing here writes to standard output except help and version text on request.
 */
package dev.jmcp.cli;
