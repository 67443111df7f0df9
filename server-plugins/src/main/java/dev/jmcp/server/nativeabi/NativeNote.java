package dev.jmcp.server.nativeabi;

/**
 * One notification a library sent through {@code NotificationSystem.SendToClient}, copied out of native memory:
 * the library's name as it passed it and the JSON-RPC notification text. {@link #DONE} marks the end of a call on
 * that call's own queue.
 */
record NativeNote(String pluginName, String json) {
    static final NativeNote DONE = new NativeNote("", "");
}
