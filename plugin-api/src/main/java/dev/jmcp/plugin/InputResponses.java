package dev.jmcp.plugin;

import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.Root;

import java.util.List;
import java.util.Map;

/**
 * The client's answers to the {@link InputRequest}s of one {@link RequestContext#requestInputs} call, by the keys the
 * handler chose. Immutable.
 */
public record InputResponses(Map<String, Object> answers) {
    public InputResponses {
        answers = Map.copyOf(answers);
    }

    /** The answer to an {@link InputRequest.Elicit}. */
    public ElicitResult elicitation(String key) {
        return get(key, ElicitResult.class);
    }

    /** The answer to an {@link InputRequest.Sample}. */
    public CreateMessageResult sampling(String key) {
        return get(key, CreateMessageResult.class);
    }

    /** The answer to an {@link InputRequest.ListRoots}. */
    @SuppressWarnings("unchecked")
    public List<Root> roots(String key) {
        return (List<Root>) get(key, List.class);
    }

    private <T> T get(String key, Class<T> type) {
        Object answer = answers.get(key);
        if (answer == null) throw new IllegalArgumentException("no answer for input '" + key + "'");
        if (!type.isInstance(answer)) {
            throw new IllegalArgumentException("input '" + key + "' was answered with " + answer.getClass().getSimpleName()
                    + ", not " + type.getSimpleName());
        }
        return type.cast(answer);
    }
}
