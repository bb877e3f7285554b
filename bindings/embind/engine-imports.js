// Declares the function the search imports from its host (bindings/embind/engine_exports.cpp:
// stop or ponderhit?): this file only tells the linker that it comes from JavaScript. Its
// definition is in bindings/js/runtime.mjs, which puts it among the module's imports.
mergeInto(LibraryManager.library, {
  escaque_engine_poll: function () { return 0; },
});
