# The WebAssembly package, built with `emcmake cmake` (see scripts/build.sh):
#   dist/escaque-rules.wasm   the rules: the core, embind's GameHandle/PositionHandle and the per-move
#                             plain exports of Chess/Position; what init() loads
#   dist/escaque.wasm         the Engine's worker's: the search's Engine facade (embind's EngineHandle,
#                             engine_exports.cpp) over the rules' core, without the rules' bindings
#   dist/escaque-engine.wasm  the Engine's own module with the NNUE network: the rules' bindings, the
#                             search built with SIMD128 (-msimd128) and the UCI text session
#   dist/escaque-engine-scalar.wasm  the same without SIMD, for engines where SIMD128 is missing
#   dist/escaque.mjs          Emscripten's glue with embind's runtime (escaque-engine.wasm's link), which
#                             starts any of the four (bindings/js/runtime.mjs: createEscaqueModule())
#   dist/loader.mjs           loadEscaque(): loads a module in Node and in browsers
# The Engine's worker (bindings/js/engine-worker.mjs) runs escaque.wasm. When the network is asked for
# ("Use NNUE"), it loads escaque-engine.wasm instead, or escaque-engine-scalar.wasm where
# WebAssembly.validate says SIMD128 is missing; the WASM command line (bin/escaque-uci.mjs) always runs
# one of these two.
#
# Included by the top-level CMakeLists.txt after escaque_core, escaque_engine and escaque_uci
# are defined; the compile options set there (-O3 in Release) apply here too.

set(ESCAQUE_DIST_DIR "${CMAKE_SOURCE_DIR}/dist" CACHE PATH "Where the package's built files go (experiments: elsewhere)")

# The native libraries are not part of the WebAssembly build: the module below
# compiles the same sources with its own flags.
set_target_properties(escaque_core escaque_engine escaque_uci PROPERTIES EXCLUDE_FROM_ALL TRUE)

# Speed is the point of the search and of the move generator (perft under Node
# should beat the Stockfish WASM build). Link-time optimisation lets wasm-ld
# inline across translation units. Overridable for experiments; DEVELOPERS.md
# has the measurements behind the default (no -msimd128: it bought nothing).
# -O2 rather than -O3: the same `bench` nodes in the same CPU time (2.68/2.71 s against 2.82/2.74 s,
# alternated) and 409 B gzip less in escaque.wasm (docs/benchmarks.md, "Session 8: size and bundlers").
set(ESCAQUE_WASM_OPT "-O2;-flto" CACHE STRING "Compile flags of the search")
# No C++ exceptions anywhere (nothing throws or catches; docs/building.md): without
# this, libc++'s throwing paths (std::string, std::vector) bring the exception
# runtime in; with it they abort, as an uncaught throw would.
set(ESCAQUE_WASM_NO_EXCEPTIONS -fno-exceptions -fno-rtti -DEMSCRIPTEN_HAS_UNBOUND_TYPE_NAMES=0)

# The rules: what the main thread runs should be small (issue 3's size bar) yet fast
# through the JS API (its perft and games bars). docs/building.md has the measurements
# behind the default.
set(ESCAQUE_WASM_RULES_OPT "-O3;-flto" CACHE STRING "Compile and link flags of the module")
# No loop unrolling in the module's rules and exports (compile and link): 1.9 KB gzip less in escaque.wasm
# and 1.3 KB in escaque-rules.wasm, the JS-API random games through Position and Chess the same within
# the noise (docs/benchmarks.md, "Session 9: the package as shipped"). The search keeps ESCAQUE_WASM_OPT.
set(ESCAQUE_WASM_RULES_LOOPS "-fno-unroll-loops" CACHE STRING "Loop flags of the module's rules (empty: the compiler's)")
file(GLOB ESCAQUE_RULES_SOURCES CONFIGURE_DEPENDS src/core/*.cpp src/notation/*.cpp src/rules/*.cpp)
add_library(escaque_rules STATIC ${ESCAQUE_RULES_SOURCES})
target_include_directories(escaque_rules PUBLIC src)
target_compile_options(escaque_rules PRIVATE ${ESCAQUE_WASM_RULES_OPT} ${ESCAQUE_WASM_RULES_LOOPS} ${ESCAQUE_WASM_NO_EXCEPTIONS})
# Per-file levels: what runs per move in the JS-API loops (move generation, do/undo, the Position
# binding, the Chess class's per-move exports, and the dead-position search that Chess runs after
# every move: dead_reach, dead_static, helpmate_search) keeps ESCAQUE_WASM_RULES_OPT; the rest (FEN,
# SAN, PGN, languages, Zobrist keys' set-up, the game's rules, the JSON bindings) is compiled for
# size: the JS-API perft and random games measured no slower. clang keeps each function's
# optsize/minsize through LTO. docs/benchmarks.md ("Rules module for size") has the measurements.
set(ESCAQUE_WASM_RULES_COLD_OPT "-Oz" CACHE STRING "Compile level of the module's size-insensitive files")
set(ESCAQUE_RULES_COLD_SOURCES
  src/core/fen.cpp src/core/chess960.cpp src/core/perft.cpp
  src/notation/language.cpp src/notation/pgn_game.cpp src/notation/pgn_import.cpp src/notation/pgn_lexer.cpp src/notation/pgn_reader.cpp
  src/notation/pgn_tree.cpp src/notation/pgn_writer.cpp src/notation/san_syntax.cpp src/core/uci_move.cpp
  src/notation/san.cpp src/core/zobrist.cpp
  src/rules/dead_position.cpp src/rules/outcome.cpp src/rules/game.cpp src/rules/repetition.cpp
  bindings/embind/game_embind.cpp bindings/embind/pgn_binding.cpp bindings/embind/position_query_binding.cpp bindings/embind/play_out.cpp
  bindings/embind/val_out.cpp
  bindings/embind/engine_exports.cpp src/uci/uci_session.cpp src/engine/engine.cpp src/engine/book.cpp src/engine/bench.cpp)
# The same files are in the native libraries too: the level applies to the module's targets only.
if(ESCAQUE_WASM_RULES_COLD_OPT)
  set_source_files_properties(${ESCAQUE_RULES_COLD_SOURCES} PROPERTIES COMPILE_OPTIONS
    "$<$<OR:$<STREQUAL:$<TARGET_PROPERTY:NAME>,escaque_rules>,$<STREQUAL:$<TARGET_PROPERTY:NAME>,escaque_wasm>,$<STREQUAL:$<TARGET_PROPERTY:NAME>,escaque_search>,$<STREQUAL:$<TARGET_PROPERTY:NAME>,escaque_rules_bindings>,$<STREQUAL:$<TARGET_PROPERTY:NAME>,escaque_search_simd>,$<STREQUAL:$<TARGET_PROPERTY:NAME>,escaque_engine_wasm>,$<STREQUAL:$<TARGET_PROPERTY:NAME>,escaque_engine_scalar_wasm>>:${ESCAQUE_WASM_RULES_COLD_OPT}>")
endif()

# The search and the UCI session, for the Engine's worker: escaque_search as escaque.wasm has it,
# escaque_search_simd the same compiled for SIMD128 (escaque-engine.wasm; the network's kernels,
# src/engine/nnue/simd.h, and the vectorised accumulator updates). Neither holds the network's
# bytes: the modules below link either the network or an empty one.
file(GLOB ESCAQUE_SEARCH_SOURCES CONFIGURE_DEPENDS src/engine/*.cpp src/engine/nnue/*.cpp)
add_library(escaque_search STATIC ${ESCAQUE_SEARCH_SOURCES} src/uci/uci_session.cpp)
target_include_directories(escaque_search PUBLIC src)
target_compile_options(escaque_search PRIVATE ${ESCAQUE_WASM_OPT} ${ESCAQUE_WASM_NO_EXCEPTIONS})
set(ESCAQUE_WASM_SIMD "-msimd128" CACHE STRING "The SIMD flag of escaque-engine.wasm's search")
add_library(escaque_search_simd STATIC ${ESCAQUE_SEARCH_SOURCES} src/uci/uci_session.cpp)
target_include_directories(escaque_search_simd PUBLIC src)
target_compile_options(escaque_search_simd PRIVATE ${ESCAQUE_WASM_OPT} ${ESCAQUE_WASM_SIMD} ${ESCAQUE_WASM_NO_EXCEPTIONS})
# The network (src/engine/nnue/default.nnue, cmake/nnue.cmake) and the empty one, as objects.
escaque_nnue_default_source(ESCAQUE_NNUE_NETWORK_SOURCE)
escaque_nnue_no_network_source(ESCAQUE_NNUE_NONE_SOURCE)
add_library(escaque_nnue_network OBJECT ${ESCAQUE_NNUE_NETWORK_SOURCE})
add_library(escaque_nnue_none OBJECT ${ESCAQUE_NNUE_NONE_SOURCE})
# Compiled like the search (link-time optimised with it): escaque.wasm's search then sees the empty
# network's size, 0, and drops the network's loading (1.6 KB raw when it could not).
target_compile_options(escaque_nnue_network PRIVATE ${ESCAQUE_WASM_OPT} ${ESCAQUE_WASM_NO_EXCEPTIONS})
target_compile_options(escaque_nnue_none PRIVATE ${ESCAQUE_WASM_OPT} ${ESCAQUE_WASM_NO_EXCEPTIONS})

# embind for the objects and their answers, plain exports for the per-move calls (bindings/embind/rules_io.h),
# in standalone modules that one glue starts: docs/building.md, "The modules: embind, one glue".
set(ESCAQUE_WASM_RULES_LINK "" CACHE STRING "Extra link flags of the modules (experiments)")

# The Chess/Position exports, compiled once for both builds below. An object library: all its
# objects are linked, so no EMSCRIPTEN_KEEPALIVE export is dropped as an unreferenced archive member.
add_library(escaque_rules_bindings OBJECT bindings/embind/rules_io.cpp bindings/embind/val_out.cpp bindings/embind/game_binding.cpp
  bindings/embind/position_binding.cpp bindings/embind/position_query_binding.cpp bindings/embind/game_embind.cpp
  bindings/embind/pgn_binding.cpp bindings/embind/game_park.cpp)
target_link_libraries(escaque_rules_bindings PRIVATE escaque_rules)
target_compile_options(escaque_rules_bindings PRIVATE ${ESCAQUE_WASM_RULES_OPT} ${ESCAQUE_WASM_RULES_LOOPS} ${ESCAQUE_WASM_NO_EXCEPTIONS})

# A module dist/<output>.wasm from `sources` and `libraries`, and the rules' bindings (embind's
# GameHandle and PositionHandle, the per-move exports) when `bindings` is TRUE: standalone (its imports
# are WASI's and a few of env's; its exports keep their names) with embind's registrations, which
# Emscripten's JavaScript (the glue) instantiates. One glue serves every module: `glue` TRUE makes this
# link's glue dist/escaque.mjs (escaque-engine.wasm's, whose imports are the others' and more;
# scripts/minify-glue.mjs minifies it); bindings/js/runtime.mjs starts any module with it.
function(escaque_module target output sources libraries bindings glue)
  if(bindings)
    add_executable(${target} $<TARGET_OBJECTS:escaque_rules_bindings> ${sources})
  else()
    add_executable(${target} ${sources})
  endif()
  target_link_libraries(${target} PRIVATE ${libraries} escaque_rules)
  target_compile_options(${target} PRIVATE ${ESCAQUE_WASM_RULES_OPT} ${ESCAQUE_WASM_RULES_LOOPS} ${ESCAQUE_WASM_NO_EXCEPTIONS})
  set(directory "${CMAKE_BINARY_DIR}/modules")
  add_custom_command(TARGET ${target} POST_BUILD
    COMMAND ${CMAKE_COMMAND} -E copy "${directory}/${output}.wasm" "${ESCAQUE_DIST_DIR}/${output}.wasm")
  if(glue)
    find_program(ESCAQUE_GLUE_NODE node REQUIRED)
    add_custom_command(TARGET ${target} POST_BUILD
      COMMAND "${ESCAQUE_GLUE_NODE}" "${CMAKE_SOURCE_DIR}/scripts/minify-glue.mjs" "${directory}/${output}.mjs"
        "${ESCAQUE_DIST_DIR}/escaque.mjs"
      WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}")
  endif()
  set_target_properties(${target} PROPERTIES
    OUTPUT_NAME ${output}
    SUFFIX .mjs
    RUNTIME_OUTPUT_DIRECTORY "${directory}")
  target_link_options(${target} PRIVATE ${ESCAQUE_WASM_RULES_OPT} ${ESCAQUE_WASM_RULES_LOOPS} ${ESCAQUE_WASM_NO_EXCEPTIONS}
    -sSTANDALONE_WASM=1 --no-entry
    -lembind
    # No eval or new Function in the glue: pages with a strict Content-Security-Policy load it.
    -sDYNAMIC_EXECUTION=0
    # An ES module for browsers and workers; Node runs it too, as bindings/js/runtime.mjs instantiates
    # the module itself (instantiateWasm) and the glue then reads no file.
    -sENVIRONMENT=web,worker -sEXPORT_NAME=createEscaqueGlue
    -sALLOW_MEMORY_GROWTH=1
    # Smaller than dlmalloc (-1.9 KB gzip); the per-move paths do not allocate.
    -sMALLOC=emmalloc
    -sFILESYSTEM=0
    -sASSERTIONS=0
    # Binaryen's -O3 once more after Emscripten's own pass list: 0.5 KB gzip less per module, the same
    # speed (bench nodes and CPU, JS-API random games; docs/benchmarks.md, "Session 9: the package as
    # shipped").
    -sBINARYEN_EXTRA_PASSES=-O3
    ${ESCAQUE_WASM_RULES_LINK})
endfunction()

# dist/escaque.wasm: the Engine's worker's module: the search over the rules' core, without the network
# and without the rules' bindings (the page has those in escaque-rules.wasm): 65.3 KB gzip against
# 112.8 KB with them (docs/benchmarks.md, "Session 27").
escaque_module(escaque_wasm escaque
  "bindings/embind/engine_exports.cpp;bindings/embind/play_out.cpp;bindings/embind/val_out.cpp;$<TARGET_OBJECTS:escaque_nnue_none>"
  escaque_search FALSE FALSE)
# The search's three imports from its host (engine_exports.cpp).
target_link_options(escaque_wasm PRIVATE "--js-library=${CMAKE_SOURCE_DIR}/bindings/embind/engine-imports.js")
set_property(TARGET escaque_wasm APPEND PROPERTY LINK_DEPENDS "${CMAKE_SOURCE_DIR}/bindings/embind/engine-imports.js")

# dist/escaque-engine.wasm and dist/escaque-engine-scalar.wasm, the Engine's own modules: escaque.wasm plus
# the network (197 KB of weights, ~114 KB gzip) and the UCI text session over the same Engine (src/uci/,
# `bench`; for bin/escaque-uci.mjs, ~7 KB gzip: one module serves both the worker and the command line).
# The first has the search built for SIMD128; the second, the fallback where SIMD128 is missing, has
# not. Only the Engine's worker loads them (engine-worker.mjs), and only when the network is asked for:
# `import 'escaque'` + init() and escaque/rules never do (docs/benchmarks.md, "Session 10").
foreach(variant IN ITEMS engine engine_scalar)
  string(REPLACE "_" "-" output "escaque-${variant}")
  if(variant STREQUAL engine)
    set(search escaque_search_simd)
    set(glue TRUE)
  else()
    set(search escaque_search)
    set(glue FALSE)
  endif()
  escaque_module(escaque_${variant}_wasm ${output}
    "bindings/embind/engine_exports.cpp;bindings/embind/play_out.cpp;$<TARGET_OBJECTS:escaque_nnue_network>" ${search} TRUE
    ${glue})
  target_compile_definitions(escaque_${variant}_wasm PRIVATE ESCAQUE_UCI_TEXT)
  target_link_options(escaque_${variant}_wasm PRIVATE "--js-library=${CMAKE_SOURCE_DIR}/bindings/embind/engine-imports.js")
  set_property(TARGET escaque_${variant}_wasm APPEND PROPERTY LINK_DEPENDS "${CMAKE_SOURCE_DIR}/bindings/embind/engine-imports.js")
endforeach()
target_link_options(escaque_engine_wasm PRIVATE ${ESCAQUE_WASM_SIMD})

# dist/escaque-rules.wasm, the rules-only build (both entries' init(), bindings/js/api.mjs): the
# same rules exports without the search: what init() loads.
escaque_module(escaque_rules_wasm escaque-rules "" "" TRUE FALSE)

# The package's JavaScript (bindings/js/, readable sources) goes to dist/ minified, file by file (api.mjs
# and engine.mjs with their private helpers inside), with a source map beside each (scripts/minify-js.mjs;
# docs/building.md, "The JavaScript as shipped"); the type declarations are copied. The files keep their names and relative imports, so the loader, the API
# and the worker sit next to the glue escaque.mjs and the modules in dist/ as in the sources, and their imports
# work the same from bin/, from pages served with dist/ and from an installed package.
set(ESCAQUE_JS_FILES runtime.mjs loader.mjs api.mjs index.mjs index.d.ts rules.mjs rules.d.ts pgn.mjs pgn.d.ts)
list(APPEND ESCAQUE_JS_FILES engine.mjs engine-worker.mjs engine-protocol.mjs node-builtin.mjs)
# The error classes; Node's file access and the "node" entries that load it (package.json "exports").
list(APPEND ESCAQUE_JS_FILES errors.mjs node-files.mjs index.node.mjs rules.node.mjs)
# Board geometry shared with compat/, and the editable position (class Setup).
list(APPEND ESCAQUE_JS_FILES squares.mjs setup.mjs)
# The self-contained entries, for bundlers that emit no asset (esbuild, Rollup; package.json "exports"),
# with the modules of dist/inline/ written below.
list(APPEND ESCAQUE_JS_FILES inline.mjs index.inline.mjs rules.inline.mjs)
# The CommonJS entry (require('escaque')) and its types.
list(APPEND ESCAQUE_JS_FILES index.cjs index.d.cts)
# escaque/compat/chess.js: the chess.js-compatible Chess class, in dist/compat/ so that its import of
# ../index.mjs works everywhere.
foreach(file IN ITEMS chess.mjs chess.node.mjs chess.d.ts board.mjs chessjs-moves.mjs fen.mjs pgn.mjs)
  list(APPEND ESCAQUE_JS_FILES compat/${file})
endforeach()
# The <escaque-board> component (bindings/js/board/, issue 5) ships as dist/board/.
file(GLOB ESCAQUE_BOARD_FILES CONFIGURE_DEPENDS RELATIVE "${CMAKE_SOURCE_DIR}/bindings/js"
  "${CMAKE_SOURCE_DIR}/bindings/js/board/*.js" "${CMAKE_SOURCE_DIR}/bindings/js/board/*.d.ts")
list(APPEND ESCAQUE_JS_FILES ${ESCAQUE_BOARD_FILES})

# Self-contained variants of the board's elements and of compat's class, made from the files above with
# one import swapped (scripts/minify-js.mjs, SELF_CONTAINED_VARIANTS; package.json "exports").
set(ESCAQUE_JS_VARIANTS board/escaque-board.inline.js board/escaque-game.inline.js compat/chess.inline.mjs)

find_program(ESCAQUE_NODE node REQUIRED)
set(ESCAQUE_JS_SOURCES "")
set(ESCAQUE_JS_OUTPUTS "")
foreach(file IN LISTS ESCAQUE_JS_FILES)
  list(APPEND ESCAQUE_JS_SOURCES "${CMAKE_SOURCE_DIR}/bindings/js/${file}")
endforeach()
foreach(file IN LISTS ESCAQUE_JS_FILES ESCAQUE_JS_VARIANTS)
  list(APPEND ESCAQUE_JS_OUTPUTS "${ESCAQUE_DIST_DIR}/${file}")
  if(NOT file MATCHES "\\.d\\.c?ts$")
    list(APPEND ESCAQUE_JS_OUTPUTS "${ESCAQUE_DIST_DIR}/${file}.map")
  endif()
endforeach()
add_custom_command(
  OUTPUT ${ESCAQUE_JS_OUTPUTS}
  COMMAND "${ESCAQUE_NODE}" "${CMAKE_SOURCE_DIR}/scripts/minify-js.mjs" "${CMAKE_SOURCE_DIR}/bindings/js" "${ESCAQUE_DIST_DIR}" ${ESCAQUE_JS_FILES} ${ESCAQUE_JS_VARIANTS}
  DEPENDS ${ESCAQUE_JS_SOURCES} "${CMAKE_SOURCE_DIR}/scripts/minify-js.mjs"
  WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}"
  COMMENT "Minifying bindings/js/ into dist/ (scripts/minify-js.mjs)")
add_custom_target(escaque_js ALL DEPENDS ${ESCAQUE_JS_OUTPUTS})

# dist/inline/: escaque.wasm, escaque-rules.wasm and the bundled Engine worker as JavaScript modules,
# for the self-contained entries (scripts/inline-assets.mjs).
set(ESCAQUE_INLINE_OUTPUTS "${ESCAQUE_DIST_DIR}/inline/escaque-wasm.mjs" "${ESCAQUE_DIST_DIR}/inline/escaque-rules-wasm.mjs"
  "${ESCAQUE_DIST_DIR}/inline/engine-worker.mjs")
add_custom_command(
  OUTPUT ${ESCAQUE_INLINE_OUTPUTS}
  COMMAND "${ESCAQUE_NODE}" "${CMAKE_SOURCE_DIR}/scripts/inline-assets.mjs" "${ESCAQUE_DIST_DIR}"
  # (The module targets: their files; escaque_js: its order, and its sources stand for the minified files.)
  DEPENDS escaque_wasm escaque_rules_wasm escaque_js ${ESCAQUE_JS_SOURCES} "${CMAKE_SOURCE_DIR}/scripts/inline-assets.mjs"
  WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}"
  COMMENT "Writing dist/inline/ (scripts/inline-assets.mjs)")
add_custom_target(escaque_inline ALL DEPENDS ${ESCAQUE_INLINE_OUTPUTS})
