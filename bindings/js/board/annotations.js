// User annotations: arrows and circled squares, drawn in an SVG overlay whose
// viewBox is the 8x8 grid of screen cells (so it scales with the board).
import { cellOf } from './geometry.js';

const SVG = 'http://www.w3.org/2000/svg';

function el(name, attrs) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

export function createAnnotationLayer() {
  const svg = el('svg', { class: 'annot', viewBox: '0 0 8 8', 'aria-hidden': 'true', part: 'annotations' });
  return svg;
}

// arrows: [{from, to, color?}], highlights: [{square, color?}]. Arrow heads are
// drawn as polygons (no <marker> url() references, which resolve poorly
// inside shadow roots).
export function drawAnnotations(svg, arrows, highlights, orientation) {
  svg.replaceChildren();
  for (const { square, color } of highlights) {
    const [c, r] = cellOf(square, orientation);
    const circle = el('circle', { cx: c + 0.5, cy: r + 0.5, r: 0.45, 'data-square': square });
    if (color) circle.style.stroke = color;
    svg.append(circle);
  }
  for (const { from, to, color } of arrows) {
    const [c1, r1] = cellOf(from, orientation);
    const [c2, r2] = cellOf(to, orientation);
    const x1 = c1 + 0.5;
    const y1 = r1 + 0.5;
    const len = Math.hypot(c2 - c1, r2 - r1) || 1;
    const ux = (c2 - c1) / len;
    const uy = (r2 - r1) / len;
    const tipX = c2 + 0.5 - ux * 0.12;
    const tipY = r2 + 0.5 - uy * 0.12;
    const baseX = tipX - ux * 0.42;
    const baseY = tipY - uy * 0.42;
    const g = el('g', { 'data-from': from, 'data-to': to });
    const line = el('line', { x1, y1, x2: baseX, y2: baseY });
    g.append(line);
    const head = el('polygon', { class: 'head', points:
      `${tipX},${tipY} ${baseX - uy * 0.26},${baseY + ux * 0.26} ${baseX + uy * 0.26},${baseY - ux * 0.26}` });
    if (color) {
      line.style.stroke = color;
      head.style.fill = color;
    }
    g.append(head);
    svg.append(g);
  }
}

// Toggles an entry in a list by key: returns the new list.
export function toggle(list, item, key) {
  const k = key(item);
  return list.some((x) => key(x) === k) ? list.filter((x) => key(x) !== k) : [...list, item];
}
