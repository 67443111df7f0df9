/**
 * {@code jmcp install}: writes this jmcp into the MCP configuration file of a client application (Claude Desktop,
 * Claude Code, Cursor, VS Code) or prints the entry. Knows each application's file location per operating system and
 * the shape of its file; merges into an existing file without losing anything and keeps a backup. Depends on Jackson
 * for reading and writing JSON, and on nothing of the server or the client.
 */
package dev.jmcp.cli.install;
