// escaque: the package's main entry point (package.json "exports" "."): the API of api.mjs and the
// Engine, the search in a worker (engine.mjs; docs/api.md "Engine"). Reference: docs/api.md.
//
//   import { init, Chess, Engine } from 'escaque';
//   await init();
//   const game = new Chess();
//   game.move('e4');
export * from './api.mjs';
export { Engine } from './engine.mjs';
