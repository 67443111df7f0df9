/**
 * Test helpers shared by modules: the server as a child process, plugin JARs built on the fly, a stub HTTP server,
 * and a recording {@code RequestContext} and {@code Registrar} for calling a plugin's handlers without a server.
 * Depends on protocol and plugin-api only, never on the server: the server's own tests use it.
 */
package dev.jmcp.testkit;
