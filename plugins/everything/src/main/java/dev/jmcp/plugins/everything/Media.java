package dev.jmcp.plugins.everything;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * The fixture's binary payloads, built once from first principles rather than pasted as opaque strings: a 1×1 PNG
 * and a short mono WAV tone, both base64 as MCP carries them. Immutable and thread-safe.
 */
final class Media {
    static final String PNG_MIME_TYPE = "image/png";
    static final String WAV_MIME_TYPE = "audio/wav";

    /** A 1×1 opaque red RGBA PNG. */
    static final String PNG_BASE64 = Base64.getEncoder().encodeToString(onePixelPng());

    /** 50 ms of a 440 Hz sine, 8 kHz, 16-bit mono PCM. */
    static final String WAV_BASE64 = Base64.getEncoder().encodeToString(toneWav());

    private Media() {
    }

    static byte[] onePixelPng() {
        var header = ByteBuffer.allocate(13).putInt(1).putInt(1)
                .put((byte) 8)   // bit depth
                .put((byte) 6)   // colour type RGBA
                .put((byte) 0).put((byte) 0).put((byte) 0) // compression, filter, interlace
                .array();
        byte[] scanline = {0, (byte) 0xFF, 0, 0, (byte) 0xFF}; // filter "none", then R G B A
        var png = new ByteArrayOutputStream();
        png.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
        chunk(png, "IHDR", header);
        chunk(png, "IDAT", zlib(scanline));
        chunk(png, "IEND", new byte[0]);
        return png.toByteArray();
    }

    static byte[] toneWav() {
        int sampleRate = 8000;
        int samples = sampleRate / 20;
        int dataBytes = samples * 2;
        var wav = ByteBuffer.allocate(44 + dataBytes).order(ByteOrder.LITTLE_ENDIAN);
        wav.put(ascii("RIFF")).putInt(36 + dataBytes).put(ascii("WAVE"));
        wav.put(ascii("fmt ")).putInt(16).putShort((short) 1).putShort((short) 1) // PCM, mono
                .putInt(sampleRate).putInt(sampleRate * 2).putShort((short) 2).putShort((short) 16);
        wav.put(ascii("data")).putInt(dataBytes);
        for (int i = 0; i < samples; i++) {
            wav.putShort((short) Math.round(8000 * Math.sin(2 * Math.PI * 440 * i / sampleRate)));
        }
        return wav.array();
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data) {
        byte[] typeBytes = ascii(type);
        var crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        out.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
        out.writeBytes(typeBytes);
        out.writeBytes(data);
        out.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }

    private static byte[] zlib(byte[] data) {
        var deflater = new Deflater();
        try {
            deflater.setInput(data);
            deflater.finish();
            var out = new ByteArrayOutputStream();
            byte[] buffer = new byte[64];
            while (!deflater.finished()) {
                out.write(buffer, 0, deflater.deflate(buffer));
            }
            return out.toByteArray();
        } finally {
            deflater.end();
        }
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
