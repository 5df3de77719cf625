// caliper_service_resources.c — the files of Sources/CaliperService/Resources, embedded by C23's
// #embed: the files stay the one place they are edited, and the compiler's dependency file names
// them, so a changed file rebuilds this one. A file added to the folder needs its line here; the
// service's tests compare this table with the folder, byte for byte.
#include "caliper_service_resources.h"

// #embed is C23; clang takes it in SwiftPM's default C mode as an extension.
#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char openapi_json[] = {
#embed "../CaliperService/Resources/openapi.json"
};
static const unsigned char playground_index_html[] = {
#embed "../CaliperService/Resources/playground/index.html"
};
static const unsigned char playground_playground_css[] = {
#embed "../CaliperService/Resources/playground/playground.css"
};
static const unsigned char playground_playground_js[] = {
#embed "../CaliperService/Resources/playground/playground.js"
};

static const caliper_service_resource resources[] = {
    {"openapi.json", openapi_json, sizeof openapi_json},
    {"playground/index.html", playground_index_html, sizeof playground_index_html},
    {"playground/playground.css", playground_playground_css, sizeof playground_playground_css},
    {"playground/playground.js", playground_playground_js, sizeof playground_playground_js},
};

size_t caliper_service_resource_count(void) { return sizeof resources / sizeof resources[0]; }

const caliper_service_resource *caliper_service_resource_at(size_t index) {
    return index < caliper_service_resource_count() ? &resources[index] : NULL;
}
