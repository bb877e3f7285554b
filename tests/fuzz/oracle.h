// The test oracle for the fuzz targets: the slow reference board and the node checks
// (tests/support/), compiled WITHOUT libFuzzer's coverage instrumentation but still under
// ASan + UBSan.
//
// Why: the reference answers every question by walking the 8x8 board square by square, and
// every comparison it makes would otherwise call libFuzzer's trace-cmp hooks. Profiled in
// move_sequence_fuzz, those hooks on the reference were the largest single cost of a run. The
// oracle's own branches are no signal worth steering the fuzzer by (it is the judge, not the code
// under test), and the code under test (src/, in the libraries) keeps its instrumentation; so do the
// core's inline functions and templates the checks call (their headers are included below, before
// the region). The checks themselves are unchanged.
#pragma once

// Everything the support headers include, first, so that none of it is declared inside the region
// below (the include guards then skip it there).
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/position.h"
#include "core/types.h"
#include "core/uci_move.h"

#if defined(__clang__)
#pragma clang attribute push(__attribute__((no_sanitize("coverage"))), apply_to = function)
#endif
#include "../support/node_checks.h"
#include "../support/reference_board.h"
#include "../support/reference_compare.h"
#if defined(__clang__)
#pragma clang attribute pop
#endif
