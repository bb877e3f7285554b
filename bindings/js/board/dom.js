// The DOM helpers of the viewer's files (escaque-game.js, move-tree.js, eval-graph.js). One way to make
// an element:
//   h('button', { class: 'move', type: 'button' }, 'text', child…)    h('svg:line', { x1: 0, … })
// Attributes are set as they are written (class, part, role, aria-*, hidden: ''), children appended.
export function h(tag, attrs = {}, ...kids) {
  const e = tag.startsWith('svg:') ? document.createElementNS('http://www.w3.org/2000/svg', tag.slice(4))
    : document.createElement(tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  e.append(...kids);
  return e;
}

/** `css` as a constructed stylesheet (adopted: a strict style-src CSP allows it), or null without them. */
export function sheet(css) {
  if (typeof CSSStyleSheet !== 'function' || !('replaceSync' in CSSStyleSheet.prototype)) return null;
  const s = new CSSStyleSheet();
  s.replaceSync(css);
  return s;
}
