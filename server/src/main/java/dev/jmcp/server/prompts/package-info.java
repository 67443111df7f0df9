/** {@code prompts/list} and {@code prompts/get}. Depends on the session and registry packages. */
package dev.jmcp.server.prompts;
