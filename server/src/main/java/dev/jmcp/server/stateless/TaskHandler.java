package dev.jmcp.server.stateless;

import dev.jmcp.server.session.Call;
import dev.jmcp.server.session.MethodHandler;
import dev.jmcp.server.tasks.TaskMethods;

import java.util.Objects;

/**
 * The handler of one method of the tasks extension in the method table: what it does to a task this instance holds,
 * and what it answers for a task whose instance stopped. The request is answered where the task lives: here, by the
 * instance holding it (which finds this same handler in its own table's row), or from what a stopped instance recorded
 * (see {@link StatelessRequests#task}). Served only on the stateless wire. Immutable.
 *
 * @param held     the method on a task held here
 * @param orphaned the method on a task whose instance stopped
 */
public record TaskHandler(TaskMethods.Held held, TaskMethods.Orphaned orphaned) implements MethodHandler {
    public TaskHandler {
        Objects.requireNonNull(held, "held");
        Objects.requireNonNull(orphaned, "orphaned");
    }

    @Override
    public Object handle(Call call) {
        return ((StatelessCaller) call.caller()).requests().task(call.params(), this);
    }
}
