// The move generator's instantiations that the rules use (every legal move, listed or counted, for
// either side), compiled here once. Each file that includes movegen.h would otherwise compile its
// own copy at its own level, and under link-time optimisation the copy that wins is whichever the
// linker meets first: in the WebAssembly module, where the text-only files are compiled for size
// (cmake/wasm.cmake), that was at times a size-optimised generator, half the code and the package's
// Position random games 4 % slower (docs/benchmarks.md, session 26). This file keeps the rules' level.
#include "movegen.h"

namespace escaque::detail {

template void generate_for<WHITE, GEN_ALL, MoveList>(const Position&, MoveList&);
template void generate_for<BLACK, GEN_ALL, MoveList>(const Position&, MoveList&);
template void generate_for<WHITE, GEN_ALL, MoveCounter>(const Position&, MoveCounter&);
template void generate_for<BLACK, GEN_ALL, MoveCounter>(const Position&, MoveCounter&);

}  // namespace escaque::detail
