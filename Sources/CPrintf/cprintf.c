#include "cprintf.h"

#include <stdio.h>

// A conversion the format does not use is passed and ignored, as C allows for arguments beyond the format's.

int planner_format_doubles(char *buffer, size_t size, const char *format, double first, double second) {
    return snprintf(buffer, size, format, first, second);
}

int planner_format_ints(char *buffer, size_t size, const char *format, int first, int second) {
    return snprintf(buffer, size, format, first, second);
}
