package dev.jmcp.protocol.jsonrpc;

/** Every JSON-RPC error code jmcp sends or understands, in one place. */
public final class ErrorCodes {
    /** Invalid JSON was received. */
    public static final int PARSE_ERROR = -32700;
    /** The JSON sent is not a valid request object. */
    public static final int INVALID_REQUEST = -32600;
    /** The method does not exist or is not available. */
    public static final int METHOD_NOT_FOUND = -32601;
    /** Invalid method parameters. */
    public static final int INVALID_PARAMS = -32602;
    /** Internal error. */
    public static final int INTERNAL_ERROR = -32603;
    /** MCP: the requested resource does not exist. */
    public static final int RESOURCE_NOT_FOUND = -32002;
    /** MCP: the client must complete a URL-mode elicitation first (2025-11-25). */
    public static final int URL_ELICITATION_REQUIRED = -32042;
    /** 2026-07-28: an HTTP header (MCP-Protocol-Version, Mcp-Method, Mcp-Name) disagrees with the body. */
    public static final int HEADER_MISMATCH = -32020;
    /** 2026-07-28: serving the request needs a client capability the request did not declare. */
    public static final int MISSING_CLIENT_CAPABILITY = -32021;
    /** 2026-07-28: the request's protocol version is not one this server serves. */
    public static final int UNSUPPORTED_PROTOCOL_VERSION = -32022;
    /** jmcp: the server is over one of its bounds (pending requests, message size); the client may retry later. */
    public static final int SERVER_BUSY = -32000;

    private ErrorCodes() {
    }
}
