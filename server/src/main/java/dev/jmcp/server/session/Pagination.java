package dev.jmcp.server.session;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;

/**
 * Pages of a sorted listing. A cursor is opaque to the client; it encodes the key of the last item of the previous
 * page, so paging stays consistent when a reload adds or removes items between pages.
 */
public final class Pagination {
    private static final String PREFIX = "jmcp1:";

    private Pagination() {
    }

    /** One page of items. */
    public record Page<T>(List<T> items, String nextCursor) {
    }

    /**
     * The page of {@code sorted} (ascending by {@code key}) after {@code cursor} (null for the first page). An
     * unreadable cursor is a -32602.
     */
    public static <E, T> Page<T> page(Collection<E> sorted, Function<E, String> key, Function<E, T> item, String cursor,
                                      int pageSize, Params params) {
        String after = cursor == null ? null : decode(cursor, params);
        var items = new ArrayList<T>(Math.min(pageSize, sorted.size()));
        String lastKey = null;
        boolean more = false;
        for (E e : sorted) {
            String k = key.apply(e);
            if (after != null && k.compareTo(after) <= 0) continue;
            if (items.size() == pageSize) {
                more = true;
                break;
            }
            items.add(item.apply(e));
            lastKey = k;
        }
        return new Page<>(items, more ? encode(lastKey) : null);
    }

    static String encode(String key) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString((PREFIX + key).getBytes(StandardCharsets.UTF_8));
    }

    private static String decode(String cursor, Params params) {
        try {
            String decoded = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            if (decoded.startsWith(PREFIX)) return decoded.substring(PREFIX.length());
        } catch (IllegalArgumentException e) {
            // falls through to the error below
        }
        throw params.invalid("cursor", "is not a cursor this server issued; start again without a cursor");
    }
}
