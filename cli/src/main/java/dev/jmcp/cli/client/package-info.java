/**
 * The client commands of {@code jmcp}: {@code tools}, {@code call}, {@code prompts}, {@code prompt},
 * {@code resources} and {@code read}. Each reaches one server ({@code --url}, or a command after {@code --} started
 * over stdio) through the client's public API only ({@code dev.jmcp.client}, dogfood) and never the server module.
 * Results go to standard output (text, or JSON with {@code --json-output}); progress, log messages and errors go to
 * standard error.
 */
package dev.jmcp.cli.client;
