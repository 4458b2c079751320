#ifndef PLANNER_CWEBFILES_H
#define PLANNER_CWEBFILES_H

#include <stddef.h>

/// A file built into the binary: its bytes, which live as long as the process.
typedef struct {
    const unsigned char *bytes;
    size_t count;
} planner_embedded_file;

/// The web page and the API's contract, from Sources/PlannerServer (Web/ and OpenAPI/), embedded by C23's #embed.
planner_embedded_file planner_index_html(void);
planner_embedded_file planner_app_js(void);
planner_embedded_file planner_app_css(void);
planner_embedded_file planner_openapi_json(void);

#endif
