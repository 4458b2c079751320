// The web page's files and the OpenAPI document, in the binary. #embed copies a file's bytes at compile time, as
// SwiftPM's `embedInCode` does, but without a Swift array literal of every byte for the type checker to go through.
#include "cwebfiles.h"

#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char index_html[] = {
#embed "../PlannerServer/Web/index.html"
};
static const unsigned char app_js[] = {
#embed "../PlannerServer/Web/app.js"
};
static const unsigned char app_css[] = {
#embed "../PlannerServer/Web/app.css"
};
static const unsigned char openapi_json[] = {
#embed "../PlannerServer/OpenAPI/openapi.json"
};

planner_embedded_file planner_index_html(void) { return (planner_embedded_file){index_html, sizeof index_html}; }
planner_embedded_file planner_app_js(void) { return (planner_embedded_file){app_js, sizeof app_js}; }
planner_embedded_file planner_app_css(void) { return (planner_embedded_file){app_css, sizeof app_css}; }
planner_embedded_file planner_openapi_json(void) { return (planner_embedded_file){openapi_json, sizeof openapi_json}; }
