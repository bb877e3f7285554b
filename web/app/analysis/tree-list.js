// A minimal view of the analysis tree, until the board package's move-tree component arrives
// (bindings/js/board/move-tree.js, being written on the `viewer` branch): the moves as PGN reads them,
// each a button, variations in parentheses on lines of their own, comments after their move.
// `onSelect(node)` is called with the node clicked.

/** Draws `tree` (analysis/tree.js) into `container`. */
export function renderTreeList(container, tree, onSelect) {
  const fields = tree.game.fen.split(' ');
  const ply0 = (Math.max(1, Number(fields[5]) || 1) - 1) * 2 + (fields[1] === 'b' ? 1 : 0);
  const root = document.createElement('div');
  root.className = 'tree-line main';
  if (tree.game.comments.length) root.append(comment(tree.game.comments));
  line(root, tree.game.moves, ply0, tree, onSelect);
  container.replaceChildren(root);
  container.querySelector('[aria-current]')?.scrollIntoView({ block: 'nearest' });
}

function line(into, moves, ply0, tree, onSelect) {
  moves.forEach((node, i) => {
    const ply = ply0 + i;
    const white = ply % 2 === 0;
    if (white || i === 0) {
      const no = document.createElement('span');
      no.className = 'tree-no';
      no.textContent = `${Math.floor(ply / 2) + 1}${white ? '.' : '…'}`;
      into.append(no);
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'tree-move';
    b.textContent = node.san + nagText(node.nags);
    if (node === tree.node) b.setAttribute('aria-current', 'step');
    b.addEventListener('click', () => onSelect(node));
    into.append(b);
    if (node.comments.length) into.append(comment(node.comments));
    for (const v of node.variations) {
      const sub = document.createElement('div');
      sub.className = 'tree-line variation';
      line(sub, v, ply, tree, onSelect);
      into.append(sub);
    }
    // After variations, Black's move needs its number again ("3… Nf6").
    if (node.variations.length && white && i + 1 < moves.length) {
      const no = document.createElement('span');
      no.className = 'tree-no';
      no.textContent = `${Math.floor(ply / 2) + 1}…`;
      into.append(no);
    }
  });
}

const NAGS = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!' };
function nagText(nags) { return nags.map((n) => NAGS[n] ?? '').join(''); }

function comment(list) {
  const c = document.createElement('span');
  c.className = 'tree-comment';
  c.textContent = list.join(' ');
  return c;
}
