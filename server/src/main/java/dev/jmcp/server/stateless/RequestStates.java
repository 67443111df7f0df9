package dev.jmcp.server.stateless;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The {@code requestState} of an {@code input_required} result: the answers a call has gathered so far, bound to the
 * request they belong to and signed (HMAC-SHA256 with a key made at start-up and never sent), so a client can carry
 * it but not forge or alter it. "Servers MUST NOT trust requestState without verifying it." Thread-safe.
 */
final class RequestStates {
    private static final String ALGORITHM = "HmacSHA256";
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder B64D = Base64.getUrlDecoder();
    private static final JsonCodec CODEC = JsonCodec.shared();

    private final Supplier<List<byte[]>> keys;

    /** {@code keys}: the first signs, every one verifies (rotation); asked at each use, so it may change. */
    RequestStates(Supplier<List<byte[]>> keys) {
        this.keys = keys;
    }

    /** A state holding {@code answers} for the request {@code binding} names. */
    String seal(String binding, Map<String, Object> answers) {
        var payload = new LinkedHashMap<String, Object>();
        payload.put("v", 1);
        payload.put("b", binding);
        payload.put("a", answers);
        byte[] body = CODEC.writeValueAsString(payload).getBytes(StandardCharsets.UTF_8);
        return B64.encodeToString(body) + "." + B64.encodeToString(mac(body));
    }

    /** The answers {@code state} holds; a -32602 when it was altered, is not this server's, or is another request's. */
    @SuppressWarnings("unchecked")
    Map<String, Object> open(String state, String binding) {
        int dot = state.indexOf('.');
        // Outside the try: keys that cannot be had now are the server's trouble, not a sign of an altered state.
        List<byte[]> known = keys.get();
        try {
            if (dot > 0) {
                byte[] body = B64D.decode(state.substring(0, dot));
                byte[] signature = B64D.decode(state.substring(dot + 1));
                if (verifies(signature, body, known)
                        && CODEC.parse(body) instanceof Map<?, ?> payload
                        && binding.equals(payload.get("b"))
                        && payload.get("a") instanceof Map<?, ?> answers) {
                    return (Map<String, Object>) answers;
                }
            }
        } catch (IllegalArgumentException | JsonRpcException e) {
            // not base64 or not JSON: refused below like any other state this server did not seal
        }
        throw JsonRpcException.invalidParams("Invalid params: 'requestState' was altered, or belongs to another request"
                + " or another server; send the request again without it");
    }

    private static boolean verifies(byte[] signature, byte[] body, List<byte[]> known) {
        for (byte[] key : known) {
            if (MessageDigest.isEqual(signature, mac(body, key))) return true;
        }
        return false;
    }

    private byte[] mac(byte[] body) {
        return mac(body, keys.get().getFirst());
    }

    private static byte[] mac(byte[] body, byte[] key) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(key, ALGORITHM));
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is unavailable", e);
        }
    }
}
