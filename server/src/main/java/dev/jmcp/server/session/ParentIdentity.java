package dev.jmcp.server.session;

import dev.jmcp.plugin.Identity;
import dev.jmcp.server.config.ServerOptions;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;

/**
 * Who sent a call, as jmcp hands it to a JAR plugin it runs in a child process of its own ({@code JarHostMain}): the
 * parent, which verified the caller, puts the identity in the forwarded request's {@code _meta} under
 * {@link #META_KEY}; the child, started to trust its parent ({@code ServerOptions#identityFromParent}), serves it to
 * the plugin as {@link dev.jmcp.plugin.RequestContext#identity()}. No other server reads it: a client cannot name
 * itself. Stateless.
 */
public final class ParentIdentity {
    /** The {@code _meta} key: {@code {subject, clientId, scopes, claims}}. */
    public static final String META_KEY = "dev.jmcp/identity";

    private ParentIdentity() {
    }

    /** The {@code _meta} entry value for {@code identity}. */
    public static Map<String, Object> toMeta(Identity identity) {
        var meta = new LinkedHashMap<String, Object>();
        if (identity.subject() != null) meta.put("subject", identity.subject());
        if (identity.clientId() != null) meta.put("clientId", identity.clientId());
        meta.put("scopes", new ArrayList<>(identity.scopes()));
        if (identity.claims() != null && !identity.claims().isEmpty()) meta.put("claims", identity.claims());
        return meta;
    }

    /** The identity a request's params carry under {@link #META_KEY}, or null. */
    @SuppressWarnings("unchecked")
    static Identity fromParams(Map<String, Object> params) {
        if (params == null || !(params.get("_meta") instanceof Map<?, ?> meta)
                || !(meta.get(META_KEY) instanceof Map<?, ?> given)) {
            return null;
        }
        var scopes = new LinkedHashSet<String>();
        if (given.get("scopes") instanceof Collection<?> list) list.forEach(scope -> scopes.add(String.valueOf(scope)));
        return new Identity(given.get("subject") instanceof String s ? s : null,
                given.get("clientId") instanceof String c ? c : null, scopes,
                given.get("claims") instanceof Map<?, ?> claims ? (Map<String, Object>) claims : null);
    }
}
