package dev.jmcp.cli.create;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code jmcp new}: the generators; {@code plugin} is the one there is. */
@Command(name = "new", mixinStandardHelpOptions = true, subcommands = NewPluginCommand.class,
        description = "Creates a new project from a template: 'jmcp new plugin NAME'.")
public final class NewCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "Say what to create, for instance 'jmcp new plugin units'");
    }
}
