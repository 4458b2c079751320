#ifndef PLANNER_CLIBFUZZER_SHIM_H
#define PLANNER_CLIBFUZZER_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, `FuzzerInterface.h`), linked in by `-sanitize=fuzzer`: runs `callback` on
/// generated inputs as libFuzzer's own `main` would, taking libFuzzer's options from `argc`/`argv`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
