/*
 * jmcp-test-faulty: a TEST-ONLY tools library that misbehaves on command, to prove that jmcp survives what existing
 * native plugins do. Never ship it into a plugins folder. It replaces operator new[] and delete[] with counting
 * versions (linked -Bsymbolic so the library's own calls and jmcp's lookup of _ZdaPv find them), so a test can check
 * that every result was released exactly once.
 */
#include "jmcp_plugin.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <thread>
#include <chrono>

extern "C" {
#include "sample_json.h"
}

namespace {
std::atomic<long> allocated{0};
std::atomic<long> released{0};
std::atomic<int> active{0};
std::atomic<int> most_active{0};
}

__attribute__((visibility("default"))) void* operator new[](std::size_t size) {
    void* p = std::malloc(size ? size : 1);
    if (!p) throw std::bad_alloc();
    allocated++;
    return p;
}

__attribute__((visibility("default"))) void operator delete[](void* p) noexcept {
    if (!p) return;
    released++;
    std::free(p);
}

__attribute__((visibility("default"))) void operator delete[](void* p, std::size_t) noexcept {
    operator delete[](p);
}

namespace {

PluginAPI api{};

#define OBJECT(properties, required) "{\"type\":\"object\",\"properties\":{" properties "}" required "}"
const PluginTool tools[] = {
    {"crash", "Ends the process: how = abort, segfault or throw (an exception escaping HandleRequest).",
     OBJECT("\"how\":{\"type\":\"string\",\"enum\":[\"abort\",\"segfault\",\"throw\"]}", ",\"required\":[\"how\"]")},
    {"hang", "Sleeps `ms` milliseconds.", OBJECT("\"ms\":{\"type\":\"integer\",\"minimum\":0}", ",\"required\":[\"ms\"]")},
    {"malformed", "Returns text that is not JSON.", OBJECT("", "")},
    {"null", "Returns NULL.", OBJECT("", "")},
    {"fail", "Returns a result with isError true.", OBJECT("", "")},
    {"overlap", "Sleeps `ms` and answers how many calls were inside the library at once, at most.",
     OBJECT("\"ms\":{\"type\":\"integer\",\"minimum\":0}", "")},
    {"stats", "Answers how many results were allocated and released so far.", OBJECT("", "")},
    {"notify_from_thread", "Sends a log message from a thread of its own, then answers.", OBJECT("", "")},
};
constexpr int tool_count_value = sizeof tools / sizeof tools[0];

char* copy(const std::string& text) {
    char* out = new char[text.size() + 1];
    std::memcpy(out, text.c_str(), text.size() + 1);
    return out;
}

std::string text_result(const std::string& text, bool error) {
    return "{\"content\":[{\"type\":\"text\",\"text\":\"" + text + "\"}],\"isError\":" + (error ? "true" : "false") +
           "}";
}

void pause(long ms) {
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

char* handle(const char* request) {
    char name[64] = "";
    if (!sj_string(request, "name", name, sizeof name)) return nullptr;
    const char* arguments = sj_find(request, "arguments");
    std::string tool = name;
    if (tool == "crash") {
        char how[32] = "";
        sj_string(arguments, "how", how, sizeof how);
        if (std::strcmp(how, "segfault") == 0) {
            volatile int* nowhere = nullptr;
            *nowhere = 1;
        }
        if (std::strcmp(how, "throw") == 0) throw std::runtime_error("escaped");  // std::terminate: SIGABRT
        std::abort();
    }
    if (tool == "hang") {
        pause(sj_long(arguments, "ms", 0));
        return copy(text_result("woke up", false));
    }
    if (tool == "malformed") return copy("{\"content\":[{\"type\":\"text\",");
    if (tool == "null") return nullptr;
    if (tool == "fail") return copy(text_result("the tool failed on purpose", true));
    if (tool == "overlap") {
        int now = ++active;
        for (int seen = most_active.load(); now > seen && !most_active.compare_exchange_weak(seen, now);) {
        }
        pause(sj_long(arguments, "ms", 50));
        --active;
        return copy(text_result("at most " + std::to_string(most_active.load()) + " at once", false));
    }
    if (tool == "notify_from_thread") {
        std::thread sender([] {
            NotificationSystem* n = api.notifications;
            if (n && n->SendToClient) {
                n->SendToClient("jmcp-test-faulty", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
                                "\"params\":{\"level\":\"warning\",\"data\":\"from my own thread\"}}");
            }
        });
        sender.join();
        return copy(text_result("sent", false));
    }
    if (tool == "stats") {
        long a = allocated.load(), r = released.load();
        return copy("{\"content\":[{\"type\":\"text\",\"text\":\"allocated " + std::to_string(a) + ", released " +
                    std::to_string(r) + "\"}],\"structuredContent\":{\"allocated\":" + std::to_string(a) +
                    ",\"released\":" + std::to_string(r) + "},\"isError\":false}");
    }
    return nullptr;
}

}  // namespace

extern "C" {

static const char* get_name() { return "jmcp-test-faulty"; }
static const char* get_version() { return "1.0.0"; }
static JmcpPluginType get_type() { return JMCP_PLUGIN_TOOLS; }
static int initialize() { return 1; }
static void shutdown_plugin() { }
static int tool_count() { return tool_count_value; }
static const PluginTool* tool_at(int index) { return index >= 0 && index < tool_count_value ? &tools[index] : nullptr; }

// Deliberately no try/catch: "crash" with how = throw must reach std::terminate like the original samples did.
static char* handle_request(const char* request) { return handle(request); }

PluginAPI* CreatePlugin() {
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

void DestroyPlugin(PluginAPI*) { }

}
