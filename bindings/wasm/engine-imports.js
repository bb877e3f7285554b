// Declares the three functions the module imports from its host for the search
// (bindings/wasm/engine_exports.cpp): with -sSTANDALONE_WASM this file only tells the
// linker that they come from JavaScript. Their real definitions are in the
// hand-written runtime, bindings/js/escaque.mjs (createEscaqueModule's `engineHost`).
mergeInto(LibraryManager.library, {
  escaque_engine_poll: function () { return 0; },
  escaque_engine_write: function (text, length) {},
  escaque_engine_report: function (json, length) {},
});
