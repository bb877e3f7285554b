'use strict';
// The CommonJS entry of escaque: require('escaque'). The package itself is ES
// modules (escaque/compat/chess.js loads the WebAssembly with top-level await,
// which require() cannot wait for), so this entry hands out promises:
//
//   const { Chess } = await require('escaque').init();            // the main API, initialized
//   const { Chess } = await require('escaque').loadCompat();      // the chess.js-compatible API
//
// Both resolve to the ES module namespaces, loaded once and shared with import.

exports.init = function init(options) {
  return import('./index.node.mjs').then((escaque) => escaque.init(options).then(() => escaque));
};

exports.loadCompat = function loadCompat() {
  return import('./compat/chess.node.mjs');
};
