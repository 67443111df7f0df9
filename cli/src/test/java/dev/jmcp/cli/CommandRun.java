package dev.jmcp.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One run of the {@code jmcp} command line with its output captured. */
record CommandRun(int exitCode, String out, String err) {

    static CommandRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Jmcp.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new CommandRun(code, out.toString(), err.toString());
    }
}
