package dev.jmcp.cli.install;

/** An install that cannot be done as asked, with a message that tells the person what to do. Nothing was written. */
final class InstallException extends RuntimeException {
    InstallException(String message) {
        super(message);
    }
}
