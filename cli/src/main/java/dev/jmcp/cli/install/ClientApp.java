package dev.jmcp.cli.install;

import java.nio.file.Path;
import java.util.Locale;

/**
 * A client application {@code jmcp install} can configure: where its MCP configuration file lives (for the user, and
 * for one project where the application has such a file), under which key of that file servers are listed, and
 * whether an entry names its transport ({@code "type": "stdio"}).
 */
enum ClientApp {
    /** Claude Desktop: {@code claude_desktop_config.json} in the application's settings folder. */
    CLAUDE_DESKTOP("claude-desktop", "mcpServers", false) {
        @Override
        Path userFile(Platform platform) {
            return platform.configHome().resolve("Claude").resolve("claude_desktop_config.json");
        }
    },
    /** Claude Code: {@code ~/.claude.json} for the user, {@code .mcp.json} at a project's root. */
    CLAUDE_CODE("claude-code", "mcpServers", true) {
        @Override
        Path userFile(Platform platform) {
            return platform.home().resolve(".claude.json");
        }

        @Override
        Path projectFile(Path project) {
            return project.resolve(".mcp.json");
        }
    },
    /** Cursor: {@code ~/.cursor/mcp.json} for the user, {@code .cursor/mcp.json} in a project. */
    CURSOR("cursor", "mcpServers", false) {
        @Override
        Path userFile(Platform platform) {
            return platform.home().resolve(".cursor").resolve("mcp.json");
        }

        @Override
        Path projectFile(Path project) {
            return project.resolve(".cursor").resolve("mcp.json");
        }
    },
    /**
     * VS Code: {@code mcp.json} in the user profile ({@code Code/User} in the settings folder), {@code .vscode/mcp.json}
     * in a workspace. Its servers live under {@code servers}, each with a {@code type}.
     */
    VSCODE("vscode", "servers", true) {
        @Override
        Path userFile(Platform platform) {
            return platform.configHome().resolve("Code").resolve("User").resolve("mcp.json");
        }

        @Override
        Path projectFile(Path project) {
            return project.resolve(".vscode").resolve("mcp.json");
        }
    };

    private final String id;
    private final String serversKey;
    private final boolean typed;

    ClientApp(String id, String serversKey, boolean typed) {
        this.id = id;
        this.serversKey = serversKey;
        this.typed = typed;
    }

    /** The name on the command line, e.g. {@code claude-desktop}. */
    String id() {
        return id;
    }

    /** The top-level key holding the servers, by name. */
    String serversKey() {
        return serversKey;
    }

    /** Whether an entry carries {@code "type": "stdio"}. */
    boolean typed() {
        return typed;
    }

    /** The user's own configuration file of this application on {@code platform}. */
    abstract Path userFile(Platform platform);

    /** The configuration file of the project at {@code project}; refused where the application has none. */
    Path projectFile(Path project) {
        throw new UnsupportedOperationException(id + " has no per-project configuration file; leave out --project");
    }

    static ClientApp byId(String id) {
        String wanted = id.toLowerCase(Locale.ROOT);
        for (ClientApp app : values()) {
            if (app.id.equals(wanted)) return app;
        }
        throw new IllegalArgumentException("Unknown client '" + id + "'; known: claude-desktop, claude-code, cursor, "
                + "vscode, or json to print the entry");
    }
}
