package dev.jmcp.plugin;

/**
 * "The tool failed": thrown from a tool, it becomes a result with {@code isError: true} whose text is this message,
 * so the model can read it and try again. Not a protocol error.
 */
public class ToolException extends RuntimeException {
    public ToolException(String message) {
        super(message);
    }

    public ToolException(String message, Throwable cause) {
        super(message, cause);
    }
}
