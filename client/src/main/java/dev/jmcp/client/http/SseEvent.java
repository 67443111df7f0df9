package dev.jmcp.client.http;

/** One dispatched Server-Sent Event: its type ({@code message} unless named), id (or null) and data. */
record SseEvent(String type, String id, String data) {
}
