package dev.jmcp.protocol.json;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;

/** Record component {@code meta} is {@code _meta} on the wire; every other name is itself. */
final class MetaNaming extends PropertyNamingStrategies.NamingBase {
    @Override
    public String translate(String name) {
        return "meta".equals(name) ? "_meta" : name;
    }
}
