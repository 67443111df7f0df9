/**
 * Test helpers shared by modules: the server as a child process, plugin JARs built on the fly, a stub HTTP server,
 * a recording {@code RequestContext} and {@code Registrar} for calling a plugin's handlers without a server, and what
 * exported signatures may name ({@code ApiSignatures}, for the modules' surface tests).
 * Depends on protocol and plugin-api only, never on the server: the server's own tests use it.
 */
package dev.jmcp.testkit;
