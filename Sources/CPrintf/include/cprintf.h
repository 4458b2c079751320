#ifndef PLANNER_CPRINTF_H
#define PLANNER_CPRINTF_H

#include <stddef.h>

/// snprintf with one or two doubles: `format` converts that many with %f, %e or %g (a format of the program's own,
/// never the user's). Swift reaches vsnprintf only through a CVarArg list, whose first use in a process looks up,
/// by a scan of every protocol conformance in the binary, how a Double is passed: a cost at every command's start.
int planner_format_doubles(char *buffer, size_t size, const char *format, double first, double second);

/// The same with one or two ints (%d, %02d, ...).
int planner_format_ints(char *buffer, size_t size, const char *format, int first, int second);

#endif
