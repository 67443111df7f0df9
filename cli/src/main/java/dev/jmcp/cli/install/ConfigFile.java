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
        String text = exists ? Files.readString(file, StandardCharsets.UTF_8) : "";
        ObjectNode root = exists ? read(text) : MAPPER.createObjectNode();
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
        // Comments (VS Code's files are JSON with comments) survive only an edit of the text itself.
        write(exists && CommentedJson.hasComments(text)
                ? CommentedJson.put(MAPPER, text, serversKey, name, print(entry))
                : print(root) + System.lineSeparator());
        if (!exists) return Outcome.CREATED;
        return previous == null ? Outcome.ADDED : Outcome.REPLACED;
    }

    /** Whether the file holds an entry {@code name} under {@code serversKey}. */
    boolean holds(String serversKey, String name) throws IOException {
        if (!Files.exists(file)) return false;
        JsonNode servers = read(Files.readString(file, StandardCharsets.UTF_8)).get(serversKey);
        return servers != null && servers.isObject() && servers.has(name);
    }

    /**
     * Removes the entry {@code name} under {@code serversKey} (which {@link #holds} it), keeping everything else,
     * comments included; the previous version goes to {@link #backup()} first.
     */
    void remove(String serversKey, String name) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        ObjectNode root = read(text);
        ((ObjectNode) root.get(serversKey)).remove(name);
        Files.copy(file, backup(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
        write(CommentedJson.hasComments(text) ? CommentedJson.remove(MAPPER, text, serversKey, name)
                : print(root) + System.lineSeparator());
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

    private ObjectNode read(String text) throws IOException {
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
    private static void keepPermissions(Path target, Path temp) throws IOException {
        if (Files.exists(target)
                && Files.getFileStore(target).supportsFileAttributeView(PosixFileAttributeView.class)) {
            Files.setPosixFilePermissions(temp, Files.getPosixFilePermissions(target));
        }
    }

    /**
     * Replaces the file's contents atomically. A symbolic link (dotfiles kept in a repository, say) stays a link: the
     * file it points to is the one replaced.
     */
    private void write(String contents) throws IOException {
        Path target = file.toAbsolutePath();
        for (int hops = 0; Files.isSymbolicLink(target) && hops < 40; hops++) {
            target = target.resolveSibling(Files.readSymbolicLink(target)).normalize();
        }
        Path parent = target.getParent();
        Files.createDirectories(parent);
        Path temp = Files.createTempFile(parent, target.getFileName().toString(), ".tmp");
        try {
            Files.writeString(temp, contents, StandardCharsets.UTF_8);
            keepPermissions(target, temp);
            try {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
