// The buttons that step through a game's moves (« first, ‹ previous, › next, » last), made once for
// every group web/index.html marks with data-move-nav="<prefix>": the game's panel ("nav") and the
// analysis board ("an"). Each button gets the id <prefix>-<step> (main.js and analysis/analysis.js wire
// them by id) and a name for assistive technology (the symbol itself is hidden from it): the group's
// data-first and data-last, "Previous move" and "Next move". They go before anything the group holds
// already (the analysis board's Flip).
const STEPS = [
  ['first', '«', (group) => group.dataset.first],
  ['prev', '‹', () => 'Previous move'],
  ['next', '›', () => 'Next move'],
  ['last', '»', (group) => group.dataset.last],
];

export function fillMoveNavs(root = document) {
  for (const group of root.querySelectorAll('[data-move-nav]')) {
    const prefix = group.dataset.moveNav;
    group.prepend(...STEPS.map(([step, symbol, name]) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.id = `${prefix}-${step}`;
      const shown = Object.assign(document.createElement('span'), { textContent: symbol });
      shown.setAttribute('aria-hidden', 'true');
      const named = Object.assign(document.createElement('span'), { className: 'visually-hidden', textContent: name(group) });
      button.append(shown, named);
      return button;
    }));
  }
}

/**
 * Marks the steps that would go nowhere: « and ‹ on the first position, › and » on the last. They stay
 * focusable (aria-disabled, not disabled), so a person stepping back with Enter keeps the focus there.
 */
export function setMoveNavEnds(prefix, { atStart, atEnd }) {
  for (const [step, off] of [['first', atStart], ['prev', atStart], ['next', atEnd], ['last', atEnd]]) {
    const button = document.getElementById(`${prefix}-${step}`);
    if (off) button.setAttribute('aria-disabled', 'true');
    else button.removeAttribute('aria-disabled');
  }
}
