// The board's move path, probed inside the page (tests/browser/board-performance.test.mjs checks it,
// bench/board-move.mjs times it): every layout-forcing DOM read is counted between the capture and the
// bubble phase of pointerup on window, and each pointerup gets a sample: the time since the event
// (the handler's work), the style + layout the update costs (paid once, on purpose, after it) and the
// component's own `escaque-board:move` measure.

// Ruy Lopez, 20 plies played by dragging.
export const GAME = [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3'], ['b8', 'c6'], ['f1', 'b5'], ['a7', 'a6'], ['b5', 'a4'],
  ['g8', 'f6'], ['e1', 'g1'], ['f8', 'e7'], ['f1', 'e1'], ['b7', 'b5'], ['a4', 'b3'], ['d7', 'd6'], ['c2', 'c3'],
  ['e8', 'g8'], ['h2', 'h3'], ['c6', 'a5'], ['b3', 'c2'], ['c7', 'c5']];

export function instrument() {
  const state = { active: false, reads: [], samples: [] };
  window.__perf = state;
  const count = (name) => () => { if (state.active) state.reads.push(name); };
  const wrapMethod = (proto, name) => {
    const original = proto[name];
    const note = count(name);
    proto[name] = function (...args) { note(); return original.apply(this, args); };
  };
  const wrapGetter = (proto, name) => {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    const note = count(name);
    Object.defineProperty(proto, name, { ...d, get() { note(); return d.get.call(this); } });
  };
  wrapMethod(Element.prototype, 'getBoundingClientRect');
  wrapMethod(Element.prototype, 'getClientRects');
  wrapMethod(window, 'getComputedStyle');
  for (const n of ['offsetWidth', 'offsetHeight', 'offsetTop', 'offsetLeft', 'innerText']) wrapGetter(HTMLElement.prototype, n);
  for (const n of ['clientWidth', 'clientHeight', 'scrollWidth', 'scrollHeight', 'scrollTop', 'scrollLeft']) {
    wrapGetter(Element.prototype, n);
  }
  let start = 0;
  window.addEventListener('pointerup', () => { state.active = true; start = performance.now(); }, true);
  window.addEventListener('pointerup', (e) => {
    state.active = false;
    const handled = performance.now();
    // The style + layout the update costs, paid here once on purpose.
    void document.documentElement.getBoundingClientRect();
    const laidOut = performance.now();
    const measure = performance.getEntriesByName('escaque-board:move').at(-1);
    state.samples.push({ handlerMs: handled - start, sinceEventMs: handled - e.timeStamp,
      styleLayoutMs: laidOut - handled, measureMs: measure ? measure.duration : null,
      measureStart: measure ? measure.startTime : null, eventStamp: e.timeStamp });
  });
}
