/*
 * jmcp-sample-tools: a tools library in C. Tools: "echo" answers its text (the trivial tool of the benchmark),
 * "count" reports progress through the notification callback, "log" sends a notifications/message.
 * Build: cc -shared -fPIC -I include -o libjmcp-sample-tools.so tools.c -lstdc++
 */
#include "jmcp_plugin.h"
#include "sample_json.h"

#include <time.h>

static PluginAPI api;

static const PluginTool tools[] = {
    {"echo", "Answers the text it is given.",
     "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}"},
    {"count", "Counts to `steps`, reporting progress after each step.",
     "{\"type\":\"object\",\"properties\":{\"steps\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":100},"
     "\"delay_ms\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":1000}},\"required\":[\"steps\"]}"},
    {"log", "Sends its text as a log message at level notice.",
     "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}"},
};

static const char* get_name(void) { return "jmcp-sample-tools"; }
static const char* get_version(void) { return "1.0.0"; }
static JmcpPluginType get_type(void) { return JMCP_PLUGIN_TOOLS; }
static int initialize(void) { return 1; }
static void shutdown_plugin(void) { }
static int tool_count(void) { return (int) (sizeof tools / sizeof tools[0]); }
static const PluginTool* tool_at(int index) { return index >= 0 && index < tool_count() ? &tools[index] : NULL; }

static void send(const char* notification) {
    NotificationSystem* n = api.notifications;
    if (n && n->SendToClient) n->SendToClient(get_name(), notification);
}

/* A text result; `text` is JSON string content already (a literal, or a string copied out of the request). */
static char* text_result(const char* text, int is_error) {
    char* out = jmcp_alloc_result(strlen(text) + 64);
    sprintf(out, "{\"content\":[{\"type\":\"text\",\"text\":\"%s\"}],\"isError\":%s}", text,
            is_error ? "true" : "false");
    return out;
}

static char* count(const char* request, const char* arguments) {
    long steps = sj_long(arguments, "steps", 1), delay = sj_long(arguments, "delay_ms", 0);
    char token[256] = "";
    int has_token = sj_string(request, "progressToken", token, sizeof token);
    for (long i = 1; i <= steps; i++) {
        if (delay > 0) {
            struct timespec pause = {delay / 1000, (delay % 1000) * 1000000L};
            nanosleep(&pause, NULL);
        }
        if (has_token) {
            char note[512];
            snprintf(note, sizeof note, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":"
                     "{\"progressToken\":\"%s\",\"progress\":%ld,\"total\":%ld,\"message\":\"step %ld\"}}",
                     token, i, steps, i);
            send(note);
        }
    }
    char text[64];
    snprintf(text, sizeof text, "counted to %ld", steps);
    return text_result(text, 0);
}

static char* log_text(const char* arguments) {
    char text[1024] = "", note[2048];
    sj_string(arguments, "text", text, sizeof text);
    snprintf(note, sizeof note, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":"
             "{\"level\":\"notice\",\"logger\":\"jmcp-sample-tools\",\"data\":\"%s\"}}", text);
    send(note);
    return text_result("logged", 0);
}

static char* handle_request(const char* request) {
    char name[64] = "", text[4096] = "";
    const char* arguments = sj_find(request, "arguments");
    if (!sj_string(request, "name", name, sizeof name)) return NULL;
    if (strcmp(name, "echo") == 0) {
        sj_string(arguments, "text", text, sizeof text);
        return text_result(text, 0);
    }
    if (strcmp(name, "count") == 0) return count(request, arguments);
    if (strcmp(name, "log") == 0) return log_text(arguments);
    return text_result("unknown tool", 1);
}

static PluginAPI api = {
    get_name, get_version, get_type, initialize, handle_request, shutdown_plugin,
    tool_count, tool_at, NULL, NULL, NULL, NULL, NULL,
};

PluginAPI* CreatePlugin(void) { return &api; }
void DestroyPlugin(PluginAPI* plugin) { (void) plugin; }
