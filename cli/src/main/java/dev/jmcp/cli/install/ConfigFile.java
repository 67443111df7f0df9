package dev.jmcp.cli.install;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;

/**
 * One client application's MCP configuration file, and the one change {@code jmcp install} makes to it: the entry of
 * one server under the servers key. Everything else in the file is kept as it was (key order included). A file that
 * changes is first copied to {@code <file>.bak}, then replaced atomically, so a crash never leaves half a file. Not
 * thread-safe; one install at a time.
 */
final class ConfigFile {
    /** Reads what editors write: VS Code's files may hold comments and trailing commas. */
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS, JsonReadFeature.ALLOW_TRAILING_COMMA)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    /** What an install did to the file. */
    enum Outcome { CREATED, ADDED, REPLACED, UNCHANGED }

    private final Path file;

    ConfigFile(Path file) {
        this.file = file;
    }

    Path path() {
        return file;
    }

    /**
     * Puts {@code entry} under {@code serversKey}/{@code name}, keeping everything else. Writes nothing when the file
     * already holds exactly that entry.
     *
     * @throws InstallException when the file exists but is not a JSON object, or its servers key is not an object
     */
    Outcome put(String serversKey, String name, JsonNode entry) throws IOException {
        boolean exists = Files.exists(file);
        ObjectNode root = exists ? read() : MAPPER.createObjectNode();
        JsonNode servers = root.get(serversKey);
        if (servers != null && !servers.isObject()) {
            throw new InstallException(file + ": \"" + serversKey + "\" is not a JSON object; fix or move the file, "
                    + "then run install again");
        }
        ObjectNode serversNode = servers == null ? root.putObject(serversKey) : (ObjectNode) servers;
        JsonNode previous = serversNode.get(name);
        if (entry.equals(previous)) return Outcome.UNCHANGED;
        serversNode.set(name, entry);
        if (exists) {
            Files.copy(file, backup(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
        }
        write(root);
        if (!exists) return Outcome.CREATED;
        return previous == null ? Outcome.ADDED : Outcome.REPLACED;
    }

    /** Where the previous contents go before a change. */
    Path backup() {
        return file.resolveSibling(file.getFileName() + ".bak");
    }

    static String print(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A tree of plain values always prints", e);
        }
    }

    private ObjectNode read() throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        if (text.isBlank()) return MAPPER.createObjectNode();
        JsonNode root;
        try (JsonParser parser = MAPPER.createParser(text)) {
            root = MAPPER.readTree(parser);
        } catch (JsonProcessingException e) {
            throw new InstallException(file + " is not valid JSON (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + "); it was left untouched. Fix it, then run install again");
        }
        if (root == null || !root.isObject()) {
            throw new InstallException(file + " does not hold a JSON object; it was left untouched");
        }
        return (ObjectNode) root;
    }

    /** A replaced file keeps who may read it (a new one gets the temp file's owner-only mode). */
    private void keepPermissions(Path temp) throws IOException {
        if (Files.exists(file) && Files.getFileStore(file).supportsFileAttributeView(PosixFileAttributeView.class)) {
            Files.setPosixFilePermissions(temp, Files.getPosixFilePermissions(file));
        }
    }

    private void write(ObjectNode root) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path temp = Files.createTempFile(parent, file.getFileName().toString(), ".tmp");
        try {
            Files.writeString(temp, print(root) + System.lineSeparator(), StandardCharsets.UTF_8);
            keepPermissions(temp);
            try {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
