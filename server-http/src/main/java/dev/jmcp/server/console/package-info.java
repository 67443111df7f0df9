/**
 * The web console ({@code jmcp serve -t --console}), a page at {@code /console/} to develop plugins in: the plugins
 * (and those that failed, with why), their tools, prompts, resources and templates, the sessions, the last calls with
 * a failure's detail and the log lines each call wrote, and {@code jmcp dev}'s last build, updating live; from it a
 * person calls a tool from a form made from its input schema, gets a prompt, reads a resource (a template's variables
 * filled in), reloads a plugin and ends a session. Its JSON API sits behind the same guards as MCP; requests made from
 * it go through the server's own dispatch, as a session of its own. Depends on the server's public API, {@code http}'s
 * route hooks and {@code observe}.
 */
package dev.jmcp.server.console;
