package dev.jmcp.server.http;

/** One SSE event as a client reads it: id, event name, data (joined lines), retry; any of them may be null. */
record SseEvent(String id, String event, String data, Long retry) {
}
