// React 19's JSX namespace (React.JSX) for the escaque elements: reference it from a React project
//   /// <reference types="escaque/board/react-jsx" />   or import type {} from 'escaque/board/react-jsx';
// (the classic global JSX namespace is declared by escaque-game.d.ts).
import type { EscaqueIntrinsicElements } from './escaque-game.js';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements extends EscaqueIntrinsicElements {}
  }
}
