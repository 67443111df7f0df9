/*
 * jmcp-sample-resources: a resources library in C with two fixed resources, read by URI.
 * Build: cc -shared -fPIC -I include -o libjmcp-sample-resources.so resources.c -lstdc++
 */
#include "jmcp_plugin.h"
#include "sample_json.h"

static const PluginResource resources[] = {
    {"motto", "The project's motto.", "sample:///motto", "text/plain"},
    {"settings", "Example settings as JSON.", "sample:///settings.json", "application/json"},
};
static const char* texts[] = {
    "Small things, done completely.",
    "{\\\"retries\\\":3,\\\"verbose\\\":false}",
};

static const char* get_name(void) { return "jmcp-sample-resources"; }
static const char* get_version(void) { return "1.0.0"; }
static JmcpPluginType get_type(void) { return JMCP_PLUGIN_RESOURCES; }
static int initialize(void) { return 1; }
static void shutdown_plugin(void) { }
static int resource_count(void) { return (int) (sizeof resources / sizeof resources[0]); }
static const PluginResource* resource_at(int index) {
    return index >= 0 && index < resource_count() ? &resources[index] : NULL;
}

static char* handle_request(const char* request) {
    char uri[512] = "";
    if (!sj_string(request, "uri", uri, sizeof uri)) return NULL;
    for (int i = 0; i < resource_count(); i++) {
        if (strcmp(uri, resources[i].uri) != 0) continue;
        char* out = jmcp_alloc_result(strlen(texts[i]) + strlen(uri) + 128);
        sprintf(out, "{\"contents\":[{\"uri\":\"%s\",\"mimeType\":\"%s\",\"text\":\"%s\"}]}", uri,
                resources[i].mime, texts[i]);
        return out;
    }
    return NULL;
}

static PluginAPI api = {
    get_name, get_version, get_type, initialize, handle_request, shutdown_plugin,
    NULL, NULL, NULL, NULL, resource_count, resource_at, NULL,
};

PluginAPI* CreatePlugin(void) { return &api; }
void DestroyPlugin(PluginAPI* plugin) { (void) plugin; }
