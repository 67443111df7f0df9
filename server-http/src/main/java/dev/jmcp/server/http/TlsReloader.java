package dev.jmcp.server.http;

import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Serves a renewed certificate without a restart: every {@link #PERIOD} it compares the TLS files' times and sizes with
 * those last loaded, and when they changed it loads them and swaps them into the connector's SSL context (new
 * handshakes get the new certificate; open connections keep theirs). Files that cannot be used (a renewal written half,
 * a key that is not the certificate's) leave the previous certificate in service, and are logged once until they
 * change again. Run by one scheduler thread at a time.
 */
final class TlsReloader implements Runnable {
    static final Duration PERIOD = Duration.ofSeconds(2);
    private static final Logger log = LoggerFactory.getLogger(TlsReloader.class);

    private final TlsOptions tls;
    private final SslContextFactory.Server ssl;
    private List<Object> loaded;
    private List<Object> refused;

    /** {@code ssl} serves what {@code tls} names, as the files are now. */
    TlsReloader(TlsOptions tls, SslContextFactory.Server ssl) {
        this.tls = tls;
        this.ssl = ssl;
        this.loaded = stamps();
    }

    @Override
    public void run() {
        List<Object> now = stamps();
        if (now.equals(loaded)) return;
        try {
            KeyStore store = tls.load();
            ssl.reload(factory -> factory.setKeyStore(store));
            loaded = now;
            refused = null;
            log.info("TLS: serving the renewed certificate from {}", files());
        } catch (Exception e) {
            if (!now.equals(refused)) {
                refused = now;
                log.warn("TLS: {} changed but cannot be used ({}); still serving the previous certificate",
                        files(), e.getMessage());
            }
        }
    }

    private List<Path> files() {
        return Stream.of(tls.certificate(), tls.privateKey(), tls.keyStore()).filter(Objects::nonNull).toList();
    }

    /** Each file's time and size, or that it is missing. */
    private List<Object> stamps() {
        var stamps = new ArrayList<Object>();
        for (Path file : files()) {
            try {
                stamps.add(Files.getLastModifiedTime(file));
                stamps.add(Files.size(file));
            } catch (IOException e) {
                stamps.add("missing");
            }
        }
        return stamps;
    }
}
