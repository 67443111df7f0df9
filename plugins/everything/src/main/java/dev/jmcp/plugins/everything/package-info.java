/**
 * The {@code everything} plugin: the fixture the official MCP conformance suite expects of a server under test
 * ({@code test_simple_text} … {@code test_reconnection}, the {@code test://} resources, the four test prompts and their
 * completions), and for 2026-07-28 the stateless diagnostic tools, the list-changed triggers and the
 * {@code input-required-result-*} tools and prompt. Payloads follow the suite's recommendations so its checks can
 * read them. Uses only {@code jmcp-plugin-api} and {@code jmcp-protocol}; nothing here knows the server or the
 * transport.
 */
package dev.jmcp.plugins.everything;
