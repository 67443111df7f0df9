/*
 * jmcp-sample-prompts: a prompts library in C++ with several prompts. Results are allocated with new char[], so
 * jmcp's release through the library's own operator delete[] is the real path. Nothing may escape HandleRequest.
 * Build: g++ -shared -fPIC -I include -o libjmcp-sample-prompts.so prompts.cpp
 */
#include "jmcp_plugin.h"

#include <cstring>
#include <string>

extern "C" {
#include "sample_json.h"
}

namespace {

PluginAPI api{};

const PluginPrompt prompts[] = {
    {"greeting", "Greets someone by name.",
     "[{\"name\":\"name\",\"description\":\"Who to greet\",\"required\":true}]"},
    {"code-review", "Asks for a review of code in a language.",
     "[{\"name\":\"language\",\"description\":\"The code's language\",\"required\":true},"
     "{\"name\":\"code\",\"description\":\"The code to review\",\"required\":false}]"},
    {"summary", "Asks for a short summary of the conversation.", "[]"},
};
constexpr int prompt_count_value = sizeof prompts / sizeof prompts[0];

std::string argument(const char* arguments, const char* key) {
    char value[2048] = "";
    sj_string(arguments, key, value, sizeof value);
    return value;
}

char* copy(const std::string& text) {
    char* out = new char[text.size() + 1];
    std::memcpy(out, text.c_str(), text.size() + 1);
    return out;
}

std::string user_message(const std::string& description, const std::string& text) {
    return "{\"description\":\"" + description + "\",\"messages\":[{\"role\":\"user\",\"content\":"
           "{\"type\":\"text\",\"text\":\"" + text + "\"}}]}";
}

char* render(const char* request) {
    char name[64] = "";
    if (!sj_string(request, "name", name, sizeof name)) return nullptr;
    const char* arguments = sj_find(request, "arguments");
    if (std::strcmp(name, "greeting") == 0) {
        return copy(user_message("A greeting", "Say hello to " + argument(arguments, "name") + "."));
    }
    if (std::strcmp(name, "code-review") == 0) {
        std::string code = argument(arguments, "code");
        return copy(user_message("A code review", "Review this " + argument(arguments, "language") + " code:" +
                                 (code.empty() ? std::string(" (none given)") : "\\n" + code)));
    }
    if (std::strcmp(name, "summary") == 0) {
        return copy(user_message("A summary", "Summarise our conversation in three sentences."));
    }
    return nullptr;
}

}  // namespace

extern "C" {

static const char* get_name() { return "jmcp-sample-prompts"; }
static const char* get_version() { return "1.0.0"; }
static JmcpPluginType get_type() { return JMCP_PLUGIN_PROMPTS; }
static int initialize() { return 1; }
static void shutdown_plugin() { }
static int prompt_count() { return prompt_count_value; }
static const PluginPrompt* prompt_at(int index) {
    return index >= 0 && index < prompt_count_value ? &prompts[index] : nullptr;
}
static char* handle_request(const char* request) {
    try {
        return render(request);
    } catch (...) {
        return nullptr;  // an exception escaping into the host would end its process
    }
}

PluginAPI* CreatePlugin() {
    api.GetName = get_name;
    api.GetVersion = get_version;
    api.GetType = get_type;
    api.Initialize = initialize;
    api.HandleRequest = handle_request;
    api.Shutdown = shutdown_plugin;
    api.GetPromptCount = prompt_count;
    api.GetPrompt = prompt_at;
    return &api;
}

void DestroyPlugin(PluginAPI*) { }

}
