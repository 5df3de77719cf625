// caliper_service_resources.h — the service's files (its OpenAPI document and the playground),
// compiled into the binary so that `caliper-server` runs from wherever it is installed or copied.
#ifndef CALIPER_SERVICE_RESOURCES_H
#define CALIPER_SERVICE_RESOURCES_H

#include <stddef.h>

/// One file of `Sources/CaliperService/Resources`: its path there and its bytes as they stand.
typedef struct {
    const char *path;             // "openapi.json", "playground/index.html"…
    const unsigned char *bytes;
    size_t count;
} caliper_service_resource;

/// How many files the folder has (the tests check that none is missing).
size_t caliper_service_resource_count(void);

/// The file at `index` (below the count), in no particular order.
const caliper_service_resource *caliper_service_resource_at(size_t index);

#endif
