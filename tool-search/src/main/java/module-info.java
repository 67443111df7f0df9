/**
 * Tool search: ranks the tools a server serves against a request in words (Lucene BM25 fused with a sentence-embedding
 * model on ONNX Runtime). It provides the server's {@code ToolIndexFactory} and the client's {@code ToolRanking} and
 * exports nothing: both are found through the services below, so no type of it is anyone's API.
 */
module dev.jmcp.toolsearch {
    requires dev.jmcp.server;
    requires dev.jmcp.client;
    requires org.apache.lucene.core;
    requires org.apache.lucene.analysis.common;
    requires com.microsoft.onnxruntime;
    requires ai.djl.tokenizers;
    requires org.slf4j;
    // Lucene logs through java.util.logging; LuceneLogging sends its lines to SLF4J.
    requires java.logging;

    provides dev.jmcp.server.toolsearch.ToolIndexFactory with dev.jmcp.toolsearch.HybridToolIndexFactory;
    provides dev.jmcp.client.search.ToolRanking with dev.jmcp.toolsearch.ClientToolRanking;
}
