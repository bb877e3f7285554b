// <escaque-game>'s stylesheet (adopted, so a strict style-src CSP allows it), themable through
// --escaque-* custom properties and ::part() names (docs/viewer.md, "Styling").
export const GAME_CSS = `
:host{display:block;container-type:inline-size;min-width:min(100%,16rem);max-width:100%;
contain-intrinsic-inline-size:var(--escaque-game-size,40rem);
font-family:var(--escaque-font,system-ui,sans-serif);color:var(--escaque-text,inherit)}
:host([hidden]),[hidden]{display:none!important}
.game{display:flex;flex-direction:column;gap:.4rem}
.title{margin:0;font-weight:600}
.picker{display:flex;gap:.5em;align-items:center}
.picker select{flex:1;min-width:0;font:inherit;padding:.2em}
.error{margin:0;padding:.5em .7em;border-radius:.3em;background:var(--escaque-error-bg,#fde8e8);
color:var(--escaque-error,#8a1414);border:1px solid currentColor}
.main{display:grid;grid-template-columns:minmax(0,1fr);gap:.6rem}
.board-col{min-width:0}
.side{min-width:0;display:flex;flex-direction:column;gap:.4rem}
.moves-box{min-height:0;flex:1;display:flex;flex-direction:column}
.moves-box .tree{max-height:var(--escaque-moves-height,16rem);border:1px solid var(--escaque-panel-border,#d4d4da);
border-radius:.3em}
@container (min-width:36rem){
.main{grid-template-columns:minmax(0,3fr) minmax(13rem,2fr)}
.side{contain:size;height:100%}
.moves-box .tree{max-height:none;flex:1}
}
.player{display:flex;justify-content:space-between;align-items:center;gap:.5em;padding:.15em .1em;font-size:.95em}
.player .name{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.player .clock{font-variant-numeric:tabular-nums;padding:0 .4em;border-radius:.2em;background:var(--escaque-clock,#ececf0);
color:var(--escaque-clock-text,#1d1d22)}
.player.to-move .clock{background:var(--escaque-clock-active,#1d1d22);color:var(--escaque-clock-active-text,#fff)}
.nav{display:flex;flex-wrap:wrap;gap:.3rem;align-items:center;margin-top:.3rem}
.nav button{font:inherit;min-width:2.6em;min-height:2.2em;padding:.1em .5em;border-radius:.3em;cursor:pointer;
border:1px solid var(--escaque-button-border,#8d8d99);background:var(--escaque-button,#f6f6f8);color:var(--escaque-button-text,#1d1d22)}
.nav button:disabled{opacity:.45;cursor:default}
.nav button:focus-visible{outline:2px solid var(--escaque-focus,#0a58ca);outline-offset:1px}
.nav .analyse{margin-left:auto}
.eval{font-variant-numeric:tabular-nums;font-weight:600;padding:0 .3em}
.graph{display:block;width:100%;height:3.2rem;cursor:pointer;border-radius:.3em;overflow:visible}
.graph .bg{fill:var(--escaque-graph-black,#3a3a42)}
.graph .area{fill:var(--escaque-graph-white,#f4f4f0)}
.graph .curve{fill:none;stroke:var(--escaque-graph-line,#0a58ca);stroke-width:1.2;vector-effect:non-scaling-stroke}
.graph .mid{stroke:#888;stroke-width:.5;vector-effect:non-scaling-stroke}
.graph .now{stroke:var(--escaque-graph-now,#e0a000);stroke-width:2;vector-effect:non-scaling-stroke}
.graph .mark{stroke-width:7px;stroke-linecap:round;vector-effect:non-scaling-stroke}
.graph .inaccuracy{stroke:var(--escaque-graph-inaccuracy,#d4a017)}
.graph .mistake{stroke:var(--escaque-graph-mistake,#e07b24)}
.graph .blunder{stroke:var(--escaque-graph-blunder,#d32f2f)}
`;
