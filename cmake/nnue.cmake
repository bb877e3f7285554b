# The engine's built-in network: src/engine/nnue/default.nnue as a generated C++ source, compiled into
# the search only (never into the rules core or the rules-only WebAssembly module).
#   escaque_nnue_default_source(VAR) sets VAR to the generated file's path.
function(escaque_nnue_default_source var)
  set(in "${CMAKE_SOURCE_DIR}/src/engine/nnue/default.nnue")
  set(out "${CMAKE_BINARY_DIR}/generated/nnue_default_network.cpp")
  add_custom_command(
    OUTPUT "${out}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${CMAKE_BINARY_DIR}/generated"
    COMMAND ${CMAKE_COMMAND} -DIN=${in} -DOUT=${out} -DNAMESPACE=escaque::nnue -DNAME=DEFAULT_NETWORK
            -P "${CMAKE_SOURCE_DIR}/cmake/embed-file.cmake"
    DEPENDS "${in}" "${CMAKE_SOURCE_DIR}/cmake/embed-file.cmake"
    COMMENT "Embedding src/engine/nnue/default.nnue")
  set(${var} "${out}" PARENT_SCOPE)
endfunction()
