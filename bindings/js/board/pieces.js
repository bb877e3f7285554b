// escaque's own piece sets, drawn for this project (docs/board.md: licence as
// the repository's): `classic` (the default) and `geometric` (flat shapes, for
// small boards and diagrams; piece-set="geometric"). One symbol per piece type, shared by both colours: the
// fill, outline and inner-line colours come from CSS custom properties, so a
// page can recolour the pieces and the shapes stay crisp at any size.
// Kept apart from the component so its size is measured without the artwork.

const SHAPES = {
  p: '<path class="b" d="M50 16a13 13 0 0 0-9.6 21.8C35 40 32 43.5 32 48h36c0-4.5-3-8-8.4-10.2A13 13 0 0 0 50 16z' +
    'M39 48c0 13-5 21-13 27v11h48V75c-8-6-13-14-13-27z"/>',
  n: '<path class="b" d="M25 86V76c0-12 8-18 15-26-5 1-9 3-12 7l-7-3c-2-4-1-7 1-10 6-8 11-15 17-20l1-11 7 8' +
    'c18 2 32 18 32 42v23z"/><path class="l" d="M64 30c6 9 9 20 9 38"/><circle class="d" cx="40" cy="31" r="3"/>',
  b: '<circle class="b" cx="50" cy="14" r="6"/><path class="b" d="M50 21c-12 9-19 20-19 31 0 8 5 12 9 14h20' +
    'c4-2 9-6 9-14 0-11-7-22-19-31zM38 66h24v8H38zM23 86v-6c9 0 17-2 21-6h12c4 4 12 6 21 6v6z"/>' +
    '<path class="l" d="M44 38l12 12M50 32v-2"/>',
  r: '<path class="b" d="M25 16h11v8h8v-8h12v8h8v-8h11v20l-9 6v26l9 6v12H25V74l9-6V42l-9-6z"/>' +
    '<path class="l" d="M34 42h32M34 68h32"/>',
  q: '<path class="b" d="M30 68L20 32l18 18 0-24 12 21 12-21 0 24 18-18-10 36zM28 68h44l-2 8 6 4v6H24v-6l6-4z"/>' +
    '<circle class="b" cx="20" cy="30" r="5"/><circle class="b" cx="38" cy="24" r="5"/><circle class="b" cx="50" cy="19" r="5"/>' +
    '<circle class="b" cx="62" cy="24" r="5"/><circle class="b" cx="80" cy="30" r="5"/><path class="l" d="M30 76h40"/>',
  k: '<path class="b" d="M46 6h8v7h7v8h-7v9h-8v-9h-7v-8h7zM50 36c-6-6-18-8-25-1-9 9-3 22 5 33h40c8-11 14-24 5-33' +
    '-7-7-19-5-25 1zM28 68h44l-2 8 6 4v6H24v-6l6-4z"/><path class="l" d="M50 36v30M30 76h40"/>',
};

// Flat shapes on the same grid and classes (b body, l inner line, d dot): bolder silhouettes that stay
// readable on a 200 px board.
const GEOMETRIC = {
  p: '<circle class="b" cx="50" cy="33" r="14"/><path class="b" d="M38 50h24l7 28H31zM26 78h48v9H26z"/>',
  n: '<path class="b" d="M28 87V76c3-11 12-17 15-26l-13 5-8-9 21-25 5-10 7 10c15 6 23 21 23 42v24z"/>' +
    '<circle class="d" cx="47" cy="31" r="3.5"/>',
  b: '<path class="b" d="M50 11c-13 10-19 22-19 32 0 11 8 17 19 17s19-6 19-17c0-10-6-22-19-32zM37 63h26v9H37zM25 87v-10h50v10z"/>' +
    '<path class="l" d="M57 25L45 41"/>',
  r: '<path class="b" d="M26 14h12v9h6v-9h12v9h6v-9h12v22l-7 5v31h9v15H24V72h9V41l-7-5z"/>',
  q: '<path class="b" d="M26 72L15 26l18 19 6-31 11 28 11-28 6 31 18-19-11 46zM25 75h50v12H25z"/>',
  k: '<path class="b" d="M45 6h10v9h9v10h-9v9H45v-9h-9V15h9zM29 73c-10-15-8-33 6-35 8-1 13 4 15 10 2-6 7-11 15-10 14 2 16 20 6 35z' +
    'M25 76h50v11H25z"/>',
};

const symbols = (prefix, shapes) =>
  Object.entries(shapes).map(([t, body]) => `<symbol id="${prefix}${t}" viewBox="0 0 100 100">${body}</symbol>`).join('');

/** The built-in sets by name: the prefix of their symbol ids ('' = the default, classic). */
export const PIECE_SETS = { classic: 'piece-', geometric: 'piece-g-' };

// Inert markup: a hidden <svg> with one <symbol> per type and set (ids are scoped to the
// component's shadow root, so several boards on a page do not collide).
export const PIECE_SPRITE =
  '<svg class="sprite" aria-hidden="true" focusable="false"><defs>' +
  symbols(PIECE_SETS.classic, SHAPES) + symbols(PIECE_SETS.geometric, GEOMETRIC) +
  '</defs></svg>';

export const PIECE_CSS = `
.sprite{position:absolute;width:0;height:0;overflow:hidden}
.piece .b{stroke-width:3.5;stroke-linejoin:round;stroke-linecap:round}
.piece .l{fill:none;stroke-width:3;stroke-linecap:round}
.piece.w{fill:var(--escaque-white-fill,#fbfbf7);stroke:var(--escaque-white-stroke,#1d1d1f)}
.piece.w .l{stroke:var(--escaque-white-stroke,#1d1d1f)}.piece.w .d{fill:var(--escaque-white-stroke,#1d1d1f);stroke:none}
.piece.b{fill:var(--escaque-black-fill,#26262b);stroke:var(--escaque-black-stroke,#0b0b0c)}
.piece.b .l{stroke:var(--escaque-black-detail,#d8d8d0)}.piece.b .d{fill:var(--escaque-black-detail,#d8d8d0);stroke:none}
`;
