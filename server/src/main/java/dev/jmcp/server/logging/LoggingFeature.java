package dev.jmcp.server.logging;

import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.server.session.Call;

import java.util.Map;

/** Sets a session's log level. Stateless and thread-safe. */
public final class LoggingFeature {

    public Map<String, Object> setLevel(Call call) {
        String level = call.params().requireString("level");
        LoggingLevel parsed = LoggingLevel.fromWire(level).orElseThrow(() -> call.params().invalid("level",
                "must be one of debug, info, notice, warning, error, critical, alert, emergency; was \"" + level + "\""));
        call.session().setLogLevel(parsed);
        return Map.of();
    }
}
