/*
 * jmcp-test-rough: a TEST-ONLY tools library with the rough habits of plugins written for a host that did not care,
 * to prove that jmcp's native host copes. Never ship it into a plugins folder.
 * - "print" writes to standard output (printf, std::cout, write(1)) during the call, then answers;
 * - "leak" allocates `mb` MiB, touches it and never frees it (new char[]: std::bad_alloc ends the process when the
 *   memory limit is reached); "held" answers how many MiB it holds;
 * - "log" sends one notifications/message and "progress" one notifications/progress with the request's token, and
 *   answers "no token" when the request carried none;
 * - Initialize takes 3 s when the file named by the environment variable JMCP_TEST_SLOW_START exists, and deletes it:
 *   a slow first start, a quick second one.
 */
#include "jmcp_plugin.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <thread>
#include <unistd.h>

extern "C" {
#include "sample_json.h"
}

namespace {

PluginAPI api{};
long held_mb = 0;

#define OBJECT(properties) "{\"type\":\"object\",\"properties\":{" properties "}}"
const PluginTool tools[] = {
    {"print", "Prints to standard output, then answers.", OBJECT("")},
    {"leak", "Allocates `mb` MiB and never frees them.", OBJECT("\"mb\":{\"type\":\"integer\",\"minimum\":1}")},
    {"held", "Answers how many MiB it holds.", OBJECT("")},
    {"log", "Sends one log message at level warning.", OBJECT("")},
    {"progress", "Sends one progress notification with the request's token.", OBJECT("")},
};
constexpr int tool_count_value = sizeof tools / sizeof tools[0];

char* copy(const std::string& text) {
    char* out = new char[text.size() + 1];
    std::memcpy(out, text.c_str(), text.size() + 1);
    return out;
}

char* text_result(const std::string& text) {
    return copy("{\"content\":[{\"type\":\"text\",\"text\":\"" + text + "\"}],\"isError\":false}");
}

void send(const std::string& json) {
    if (api.notifications && api.notifications->SendToClient) api.notifications->SendToClient("jmcp-test-rough", json.c_str());
}

char* handle(const char* request) {
    char name[64] = "";
    if (!sj_string(request, "name", name, sizeof name)) return nullptr;
    const char* arguments = sj_find(request, "arguments");
    std::string tool = name;
    if (tool == "print") {
        std::printf("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}} printed by printf\n");
        std::cout << "printed by std::cout" << std::endl;
        const char raw[] = "printed by write(1)\n";
        if (write(1, raw, sizeof raw - 1) < 0) return nullptr;
        std::fflush(stdout);
        return text_result("printed three lines");
    }
    if (tool == "leak") {
        long mb = sj_long(arguments, "mb", 1);
        char* block = new char[(size_t) mb << 20];
        std::memset(block, 1, (size_t) mb << 20);
        held_mb += mb;
        return text_result("holding " + std::to_string(held_mb) + " MiB");
    }
    if (tool == "held") return text_result("holding " + std::to_string(held_mb) + " MiB");
    if (tool == "log") {
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"warning\","
             "\"logger\":\"rough\",\"data\":\"logged once\"}}");
        return text_result("logged");
    }
    if (tool == "progress") {
        char token[128] = "";
        if (!sj_string(request, "progressToken", token, sizeof token)) return text_result("no token");
        send(std::string("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":\"")
             + token + "\",\"progress\":1,\"total\":1}}");
        return text_result("token " + std::string(token));
    }
    return nullptr;
}

}  // namespace

extern "C" {

static const char* get_name() { return "jmcp-test-rough"; }
static const char* get_version() { return "1.0.0"; }
static JmcpPluginType get_type() { return JMCP_PLUGIN_TOOLS; }
static int initialize() {
    const char* marker = std::getenv("JMCP_TEST_SLOW_START");
    if (marker && *marker && access(marker, F_OK) == 0) {
        unlink(marker);
        std::this_thread::sleep_for(std::chrono::seconds(3));
    }
    return 1;
}
static void shutdown_plugin() { }
static int tool_count() { return tool_count_value; }
static const PluginTool* tool_at(int index) { return index >= 0 && index < tool_count_value ? &tools[index] : nullptr; }
static char* handle_request(const char* request) { return handle(request); }

JMCP_EXPORT PluginAPI* CreatePlugin() {
    api.GetName = get_name;
    api.GetVersion = get_version;
    api.GetType = get_type;
    api.Initialize = initialize;
    api.HandleRequest = handle_request;
    api.Shutdown = shutdown_plugin;
    api.GetToolCount = tool_count;
    api.GetTool = tool_at;
    return &api;
}

JMCP_EXPORT void DestroyPlugin(PluginAPI*) { }

}
