/**
 * MCP itself: the messages and types of every revision, the JSON-RPC envelope and the JSON codec. Depends on Jackson
 * only; what the codec maps by reflection (the records here) is opened to Jackson's databind.
 */
module dev.jmcp.protocol {
    requires transitive com.fasterxml.jackson.annotation;
    requires com.fasterxml.jackson.core;
    requires com.fasterxml.jackson.databind;

    exports dev.jmcp.protocol;
    exports dev.jmcp.protocol.json;
    exports dev.jmcp.protocol.jsonrpc;

    opens dev.jmcp.protocol to com.fasterxml.jackson.databind;
    opens dev.jmcp.protocol.jsonrpc to com.fasterxml.jackson.databind;
}
