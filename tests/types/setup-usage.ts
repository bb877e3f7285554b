// Position editing (Setup, Chess.fromSetup), the board queries of Chess and the typed errors of
// issue 13 (InvalidPositionError, EscaqueLoadError); checked with `tsc -p tests/types`. Never run.
import { Chess, EscaqueError, EscaqueLoadError, InvalidFenError, InvalidPositionError, Setup, init } from 'escaque';
import type { CastlingRights, ErrorCode, FenErrorKind, LoadErrorCode, Piece, Square } from 'escaque';
import * as rules from 'escaque/rules';

export async function editing(): Promise<void> {
  try {
    await init({ url: '/assets/escaque.wasm' });
  } catch (e) {
    if (e instanceof EscaqueLoadError) {
      const code: LoadErrorCode = e.code;
      const url: string | null = e.url;
      const asErrorCode: ErrorCode = e.code;
      // @ts-expect-error: not a load error code
      const wrong: typeof e.code = 'INVALID_FEN';
      void [code, url, asErrorCode, wrong, e.cause];
    }
  }
  const setup: Setup = new Chess().setup();
  const empty = new Setup();
  const loaded = Setup.fromFen('8/8/8/8/8/8/8/8', { chess960: false });
  const chained: Setup = setup.put({ type: 'q', color: 'w' }, 'h5').setTurn('black').setCastling('Kq')
    .setCastlingRights('w', { queen: false }).setEnPassant(null).setHalfMoveClock(0).setMoveNumber(12)
    .setChess960(false).clear();
  setup.put({ type: 'K', color: 'white' }, 'e1');
  // @ts-expect-error: not a piece type
  setup.put({ type: 'x', color: 'w' }, 'e4');
  const removed: Piece | null = setup.remove('e1');
  const rights: CastlingRights = setup.castlingRights('b');
  const ep: Square | null = setup.enPassant();
  const texts: string[] = [setup.fen(), setup.ascii(), setup.castling(), setup.turn(), setup.squareColor('a1')];
  const attacked: boolean = setup.isAttacked('e4', 'w');
  const by: Square[] = setup.attackers('e4');
  const numbers: number[] = [setup.halfMoveClock(), setup.moveNumber()];
  try {
    const game: Chess = Chess.fromSetup(setup);
    const checkers: Square[] = game.checkers();
    const attackers: Square[] = game.attackers('f7', 'white');
    const hit: boolean = game.isAttacked('e1', 'b');
    const shade: 'light' | 'dark' = game.squareColor('e4');
    const board: string = game.ascii();
    const claim: boolean = game.canClaimDraw('Nf3') || game.canClaimDraw({ from: 'g1', to: 'f3' }) || game.canClaimDraw();
    void [checkers, attackers, hit, shade, board, claim];
  } catch (e) {
    if (e instanceof InvalidPositionError) {
      const reason: FenErrorKind = e.reason;
      const fen: string = e.fen;
      const offset: number = e.offset;
      const code: 'INVALID_POSITION' = e.code;
      void [reason, fen, offset, code];
    } else if (e instanceof InvalidFenError) {
      const kind: FenErrorKind | undefined = e.kind;
      void kind;
    } else if (e instanceof EscaqueError) {
      const name: string = e.name;
      void name;
    }
  }
  const fromRules: rules.Setup = new rules.Setup();
  const rulesGame: rules.Chess = rules.Chess.fromSetup(fromRules);
  void [empty, loaded, chained, removed, rights, ep, texts, attacked, by, numbers, rulesGame];
}
