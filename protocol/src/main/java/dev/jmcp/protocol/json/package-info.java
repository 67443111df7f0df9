/**
 * The JSON codec: bytes to JSON-RPC messages and back, JSON trees to protocol records and back. Jackson lives here
 * and nowhere in a public signature.
 */
package dev.jmcp.protocol.json;
