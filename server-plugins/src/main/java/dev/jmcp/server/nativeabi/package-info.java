/**
 * Native plugins: shared libraries written to the original server's C ABI (the project's header is
 * {@code plugins/native-samples/include/jmcp_plugin.h}). {@link dev.jmcp.server.nativeabi.NativePlugin} turns one
 * library into a registry {@code Contribution}, wherever it runs: {@link dev.jmcp.server.nativeabi.NativePlugin#spawn}
 * in a child process of the native host program ({@code server-plugins/src/main/c/jmcp-native-host.c}, the default: the
 * request text goes through frames on pipes, unparsed; crashes, hangs past the timeout and leaks past the memory limit
 * cost that child only), or {@link dev.jmcp.server.nativeabi.NativePlugin#load} in this process through the Foreign
 * Function &amp; Memory API ({@link dev.jmcp.server.nativeabi.NativeLibrary}: private copy, local symbol binding, results
 * released with the library's own {@code delete[]}, notifications through an upcall). Either way calls are serialised
 * unless the library is re-entrant, bounded in number, and a progress token is passed only when the client sent one.
 * {@link dev.jmcp.server.nativeabi.NativeHostMain} is the fallback child where the host program was not built: a JVM
 * that binds the library with FFM and speaks the host program's frames, so both children are driven the same way
 * ({@link dev.jmcp.server.nativeabi.NativeChild}) and a call crosses one engine, the parent's. Depends on the registry,
 * the schema package, the protocol and the plugin API, on {@code child} to start its child processes, on the outbound
 * method table for the names of the notifications a library sends: no engine, method table or transport (the
 * fallback child moves its frames off standard input and output itself, as the host program does); knows nothing of
 * the plugins folder, which decides what to load and how.
 */
package dev.jmcp.server.nativeabi;
