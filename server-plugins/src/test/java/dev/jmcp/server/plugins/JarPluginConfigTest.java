package dev.jmcp.server.plugins;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JarPluginConfigTest {
    @TempDir
    Path folder;

    @Test
    void variableNameIsPluginAndKeyUpperCasedWithEveryOtherCharacterAnUnderscore() {
        assertThat(JarPluginConfig.variableName("weather", "base-url")).isEqualTo("WEATHER_BASE_URL");
        assertThat(JarPluginConfig.variableName("bacio-quote", "api.key")).isEqualTo("BACIO_QUOTE_API_KEY");
        assertThat(JarPluginConfig.variableName("é2", "x y")).isEqualTo("_2_X_Y");
    }

    @Test
    void environmentWinsOverThePropertiesFileWhichWinsOverNothing() throws Exception {
        Path jar = folder.resolve("weather.jar");
        Files.writeString(folder.resolve("weather.properties"), "units=metric\nbase-url=http://file\ncity=Zürich\n");
        Map<String, String> environment = Map.of("WEATHER_BASE_URL", "http://env");

        var config = JarPluginConfig.read(jar, "weather", environment::get);

        assertThat(config.get("base-url")).contains("http://env");
        assertThat(config.get("units")).contains("metric");
        assertThat(config.get("city")).contains("Zürich");
        assertThat(config.get("absent")).isEmpty();
        assertThat(config.getInt("absent", 7)).isEqualTo(7);
    }

    @Test
    void missingPropertiesFileLeavesOnlyTheEnvironment() throws Exception {
        var config = JarPluginConfig.read(folder.resolve("solo.jar"), "solo", name -> name.equals("SOLO_A") ? "1" : null);

        assertThat(config.get("a")).contains("1");
        assertThat(config.get("b")).isEmpty();
    }

    @Test
    void malformedPropertiesFileFailsTheLoad() throws Exception {
        Files.writeString(folder.resolve("bad.properties"), "key=\\uZZZZ\n");

        assertThatThrownBy(() -> JarPluginConfig.read(folder.resolve("bad.jar"), "bad", name -> null))
                .isInstanceOf(PluginLoadException.class)
                .hasMessageStartingWith("cannot read bad.properties");
    }
}
