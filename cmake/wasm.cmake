# The WebAssembly package, built with `emcmake cmake` (see scripts/build.sh):
#   dist/escaque.mjs   Emscripten glue: an ES module exporting createEscaqueModule()
#   dist/escaque.wasm  the rules core + UCI session + the embind surface
#   dist/loader.mjs    loadEscaque(): loads the two above in Node and in browsers
#
# Included by the top-level CMakeLists.txt after escaque_core and escaque_uci
# are defined; the compile options set there (-O3 in Release) apply here too.

set(ESCAQUE_DIST_DIR "${CMAKE_SOURCE_DIR}/dist")

# Speed is the point of this build (perft under Node should beat the Stockfish
# WASM build). Link-time optimisation lets wasm-ld inline across the core's
# translation units. Overridable for experiments; DEVELOPERS.md has the
# measurements behind the default (no -msimd128: it bought nothing).
set(ESCAQUE_WASM_OPT "-O3;-flto" CACHE STRING "Compile and link flags of the WebAssembly build")
target_compile_options(escaque_core PRIVATE ${ESCAQUE_WASM_OPT})
target_compile_options(escaque_uci PRIVATE ${ESCAQUE_WASM_OPT})

add_executable(escaque_wasm bindings/embind.cpp bindings/game_binding.cpp)
target_link_libraries(escaque_wasm PRIVATE escaque_uci)
target_compile_options(escaque_wasm PRIVATE ${ESCAQUE_WASM_OPT})
set_target_properties(escaque_wasm PROPERTIES
  OUTPUT_NAME escaque
  SUFFIX .mjs
  RUNTIME_OUTPUT_DIRECTORY "${ESCAQUE_DIST_DIR}")
target_link_options(escaque_wasm PRIVATE
  ${ESCAQUE_WASM_OPT}
  --bind
  -sMODULARIZE=1
  -sEXPORT_ES6=1
  -sEXPORT_NAME=createEscaqueModule
  -sENVIRONMENT=web,worker,node
  -sALLOW_MEMORY_GROWTH=1
  # embind must not build its invokers with new Function(): the web page runs
  # under a Content-Security-Policy without 'unsafe-eval'.
  -sDYNAMIC_EXECUTION=0
  -sASSERTIONS=0
  # No file system: the module reads and writes nothing but its arguments.
  -sFILESYSTEM=0
  # A library must not hijack the host process's handlers for uncaught
  # exceptions and unhandled rejections.
  -sNODEJS_CATCH_EXIT=0
  -sNODEJS_CATCH_REJECTION=0
  "--extern-pre-js=${CMAKE_SOURCE_DIR}/bindings/node-esm-prelude.js")
set_property(TARGET escaque_wasm APPEND PROPERTY LINK_DEPENDS "${CMAKE_SOURCE_DIR}/bindings/node-esm-prelude.js")

# The Engine class (issue 4): a UCI session driven from a worker (bindings/engine*.mjs).
target_sources(escaque_wasm PRIVATE bindings/engine_binding.cpp)

# The loader, the public API wrapper and its type declarations sit next to the
# glue so that their relative imports work the same from bin/, from web pages
# served with dist/, and from an installed package.
set(ESCAQUE_DIST_COPIES loader.mjs index.mjs index.d.ts)
list(APPEND ESCAQUE_DIST_COPIES engine.mjs engine-worker.mjs engine-protocol.mjs)
set(ESCAQUE_DIST_OUTPUTS "")
foreach(file IN LISTS ESCAQUE_DIST_COPIES)
  add_custom_command(
    OUTPUT "${ESCAQUE_DIST_DIR}/${file}"
    COMMAND ${CMAKE_COMMAND} -E copy "${CMAKE_SOURCE_DIR}/bindings/${file}" "${ESCAQUE_DIST_DIR}/${file}"
    DEPENDS "${CMAKE_SOURCE_DIR}/bindings/${file}"
    COMMENT "Copying bindings/${file} to dist/")
  list(APPEND ESCAQUE_DIST_OUTPUTS "${ESCAQUE_DIST_DIR}/${file}")
endforeach()
add_custom_target(escaque_loader ALL DEPENDS ${ESCAQUE_DIST_OUTPUTS})

# The <escaque-board> component (web/board/, issue 5) ships as dist/board/: its
# import of '../../dist/index.mjs' resolves to dist/index.mjs from there, and
# to /dist/index.mjs when scripts/serve.mjs serves web/board/ at /board/.
file(GLOB ESCAQUE_BOARD_FILES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/web/board/*.js" "${CMAKE_SOURCE_DIR}/web/board/*.d.ts")
set(ESCAQUE_BOARD_OUTPUTS "")
foreach(path IN LISTS ESCAQUE_BOARD_FILES)
  get_filename_component(file "${path}" NAME)
  add_custom_command(
    OUTPUT "${ESCAQUE_DIST_DIR}/board/${file}"
    COMMAND ${CMAKE_COMMAND} -E copy "${path}" "${ESCAQUE_DIST_DIR}/board/${file}"
    DEPENDS "${path}"
    COMMENT "Copying web/board/${file} to dist/board/")
  list(APPEND ESCAQUE_BOARD_OUTPUTS "${ESCAQUE_DIST_DIR}/board/${file}")
endforeach()
add_custom_target(escaque_board ALL DEPENDS ${ESCAQUE_BOARD_OUTPUTS})
