package dev.jmcp.cli.client;

import picocli.CommandLine;

/** Registers the client commands on the root command line. */
public final class ClientCommands {
    private ClientCommands() {
    }

    /** Adds {@code tools}, {@code call}, {@code prompts}, {@code prompt}, {@code resources}, {@code read}, {@code login}, and {@code help COMMAND}. */
    public static CommandLine addTo(CommandLine root) {
        return root.addSubcommand(new ToolsCommand())
                .addSubcommand(new CallCommand())
                .addSubcommand(new SearchCommand())
                .addSubcommand(new PromptsCommand())
                .addSubcommand(new PromptCommand())
                .addSubcommand(new ResourcesCommand())
                .addSubcommand(new ReadCommand())
                .addSubcommand(new LoginCommand())
                .addSubcommand("help", new CommandLine.HelpCommand());
    }
}
