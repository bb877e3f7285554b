// escaque's elements in React (examples/react/README.md): no wrapper component, the custom elements
// themselves. React 19 passes attributes as attributes; properties (a PGN string, a game tree) and the
// elements' events go through a ref, which works the same in every React version.
import { useEffect, useRef, useState } from 'react';

// Registers <escaque-game> and <escaque-board>. Importing them is safe without a DOM (server-side
// rendering: the classes exist, nothing is registered); the elements upgrade in the browser.
import 'escaque/game';
import 'escaque/board';

const GAMES = {
  opera: `[White "Paul Morphy"] [Black "Duke Karl / Count Isouard"] [Result "1-0"]
1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5
10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8
17. Rd8# 1-0`,
  scholar: '[White "A"] [Black "B"] [Result "1-0"] 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0',
};

// Adds an element's event listener for the life of the component.
function useElementEvent(ref, type, handler) {
  useEffect(() => {
    const el = ref.current;
    el.addEventListener(type, handler);
    return () => el.removeEventListener(type, handler);
  }, [ref, type, handler]);
}

export function App() {
  const viewer = useRef(null);
  const board = useRef(null);
  const [which, setWhich] = useState('opera');
  const [ply, setPly] = useState(0);
  const [analysed, setAnalysed] = useState(null);
  const [flipped, setFlipped] = useState(false);

  // A property, not an attribute: set it from an effect when it changes.
  useEffect(() => { viewer.current.pgn = GAMES[which]; }, [which]);
  useElementEvent(viewer, 'nodechange', setPlyFromEvent);
  useElementEvent(viewer, 'analyse', onAnalyse);
  function setPlyFromEvent(e) { setPly(e.detail.ply); }
  function onAnalyse(e) {
    setAnalysed(e.detail.fen);
    board.current.setPosition(e.detail.fen);   // a method of <escaque-board>
  }

  return (
    <main>
      <h1>escaque in React</h1>
      <label>
        Game{' '}
        <select value={which} onChange={(e) => setWhich(e.target.value)}>
          <option value="opera">Morphy, the Opera Game</option>
          <option value="scholar">Scholar's mate</option>
        </select>
      </label>
      <button type="button" onClick={() => setFlipped((f) => !f)}>Flip</button>
      {/* Attributes are strings; a boolean attribute is present ("") or absent (undefined). */}
      <escaque-game ref={viewer} orientation={flipped ? 'black' : 'white'} coordinates="" analyse="" ply="last" />
      <p id="ply">Ply {ply}</p>
      <h2>Analysis board</h2>
      <div style={{ width: 320 }}>
        <escaque-board ref={board} interactive="both" show-legal="" theme="blue" label="Analysis board" />
      </div>
      <p id="analysed">{analysed ? `Analysing ${analysed}` : 'Press Analyse under the viewer.'}</p>
    </main>
  );
}
