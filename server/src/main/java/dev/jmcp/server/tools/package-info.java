/** {@code tools/list} and {@code tools/call}, for every revision. Depends on the session and registry packages. */
package dev.jmcp.server.tools;
