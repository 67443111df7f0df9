/**
 * The tool index behind {@code serve --tool-search}: {@link dev.jmcp.toolsearch.ToolDocument} turns a tool into bounded
 * text fields, {@link dev.jmcp.toolsearch.ToolTextAnalyzer} splits identifiers and words for Lucene's BM25,
 * {@link dev.jmcp.toolsearch.SentenceEncoder} embeds text with an ONNX model, and {@link dev.jmcp.toolsearch.Fusion}
 * merges the two rankings. Depends on the server's {@code toolsearch} extension point and the protocol's types only.
 */
package dev.jmcp.toolsearch;
