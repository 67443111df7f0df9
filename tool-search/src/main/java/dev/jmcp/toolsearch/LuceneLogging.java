package dev.jmcp.toolsearch;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.SimpleFormatter;

/**
 * Sends what Lucene logs (through {@code java.util.logging}, whose default handler prints to standard error in a
 * format of its own) to jmcp's log, under the same logger names. Lucene's notes about the JDK's incubating Vector API
 * ({@code org.apache.lucene.internal.vectorization}: "pass '--add-modules jdk.incubator.vector' ...") go at DEBUG:
 * jmcp runs without that incubator module on purpose, and with a few hundred short tool documents the scalar code is
 * not what a search waits for. Only Lucene's loggers are routed, not the JDK's or other libraries'.
 *
 * <p>Written here rather than taken from {@code jul-to-slf4j}: that bridge is meant to take over the whole JVM's
 * {@code java.util.logging}, and the routing of one logger tree is these few lines. {@link #route} is idempotent and
 * thread-safe; it must run before Lucene's first log line (before an index is made).
 */
final class LuceneLogging extends Handler {
    private static final String LUCENE = "org.apache.lucene";
    private static final String VECTORIZATION = "org.apache.lucene.internal.vectorization";
    /**
     * Held so the configuration stays: {@code java.util.logging} keeps loggers only weakly, and a logger collected and
     * made again would have its parent's handlers back.
     */
    private static java.util.logging.Logger lucene;

    private final SimpleFormatter formatter = new SimpleFormatter();

    private LuceneLogging() {
    }

    /** Routes Lucene's {@code java.util.logging} output to SLF4J, once. */
    static synchronized void route() {
        if (lucene != null) return;
        java.util.logging.Logger logger = java.util.logging.Logger.getLogger(LUCENE);
        logger.setUseParentHandlers(false);
        logger.addHandler(new LuceneLogging());
        lucene = logger;
    }

    @Override
    public void publish(LogRecord record) {
        if (record == null) return;
        String name = record.getLoggerName() == null ? LUCENE : record.getLoggerName();
        Logger log = LoggerFactory.getLogger(name);
        int level = record.getLevel().intValue();
        boolean note = name.startsWith(VECTORIZATION);
        String message = formatter.formatMessage(record);
        Throwable thrown = record.getThrown();
        if (level >= Level.SEVERE.intValue() && !note) {
            log.error(message, thrown);
        } else if (level >= Level.WARNING.intValue() && !note) {
            log.warn(message, thrown);
        } else if (level >= Level.INFO.intValue() && !note) {
            log.info(message, thrown);
        } else if (level >= Level.FINE.intValue() || note) {
            log.debug(message, thrown);
        } else {
            log.trace(message, thrown);
        }
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
}
