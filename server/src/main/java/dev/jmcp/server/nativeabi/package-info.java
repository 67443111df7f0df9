/**
 * Native plugins: shared libraries written to the original server's C ABI (the project's header is
 * {@code plugins/native-samples/include/jmcp_plugin.h}), bound with the Foreign Function &amp; Memory API.
 * {@link dev.jmcp.server.nativeabi.NativeLibrary} is the binding itself (load from a private copy with local symbol
 * binding, read the function table, call {@code HandleRequest}, release results with the library's own
 * {@code delete[]}, receive notifications through an upcall). {@link dev.jmcp.server.nativeabi.NativePlugin} turns one
 * library into a registry {@code Contribution} (the in-process mode): calls on platform threads, serialised unless the
 * library is declared re-entrant, progress tokens passed as strings and mapped back. {@link
 * dev.jmcp.server.nativeabi.NativeHostMain} serves one library as an MCP server over stdio in a child process (the
 * out-of-process mode), and {@link dev.jmcp.server.nativeabi.NativeHost} gives the command line that starts it.
 * Depends on the registry, the schema package, the protocol and the plugin API, and (for the child's server) on the
 * method table, the engine in {@code session} and the stdio transport; knows nothing of the plugins folder, which
 * decides what to load and how.
 */
package dev.jmcp.server.nativeabi;
