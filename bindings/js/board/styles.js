// The component's stylesheet. Adopted as a constructed stylesheet, which a
// page's strict Content-Security-Policy (style-src 'self') does not block, and
// themable from outside through the --escaque-* custom properties.
export const BOARD_CSS = `
:host{display:block;position:relative;container-type:inline-size;max-width:100%;min-width:10rem;
contain-intrinsic-inline-size:var(--escaque-size,24rem);
--light:var(--escaque-light,#ecdab9);--dark:var(--escaque-dark,#ae8a68);
--last:var(--escaque-last-move,rgba(255,214,10,.42));--sel:var(--escaque-selected,rgba(20,110,210,.45));
--dot:var(--escaque-legal,rgba(20,40,60,.32));--chk:var(--escaque-check,rgba(225,20,20,.85));
--pre:var(--escaque-premove,rgba(90,60,200,.45));--focus:var(--escaque-focus,#0a58ca);
--arrow:var(--escaque-arrow,rgba(21,120,27,.75));--coord-light:var(--escaque-coordinate-light,#6f5136);
--coord-dark:var(--escaque-coordinate-dark,#fff8ea);font-family:var(--escaque-font,system-ui,sans-serif)}
:host([hidden]){display:none}
:host([theme=high-contrast]){--light:#fff;--dark:#5a5a5a;--last:rgba(255,200,0,.7);--sel:rgba(0,90,255,.75);
--dot:#000;--chk:#e00000;--focus:#ff00d0;--coord-light:#000;--coord-dark:#fff;
--escaque-white-stroke:#000;--escaque-black-fill:#000;--escaque-black-detail:#fff}
:host([theme=green]){--light:var(--escaque-light,#eeeed2);--dark:var(--escaque-dark,#6f8f4e);--coord-light:var(--escaque-coordinate-light,#4a6a2c);--coord-dark:var(--escaque-coordinate-dark,#fbfbee)}
:host([theme=blue]){--light:var(--escaque-light,#dee3e6);--dark:var(--escaque-dark,#7d97a8);--coord-light:var(--escaque-coordinate-light,#3f5a6b);--coord-dark:var(--escaque-coordinate-dark,#fff)}
:host([theme=grey]){--light:var(--escaque-light,#e4e4e4);--dark:var(--escaque-dark,#8a8a8a);--coord-light:var(--escaque-coordinate-light,#4d4d4d);--coord-dark:var(--escaque-coordinate-dark,#fff)}
:host([theme=walnut]){--light:var(--escaque-light,#e8c99b);--dark:var(--escaque-dark,#8b5a2b);--coord-light:var(--escaque-coordinate-light,#6b4118);--coord-dark:var(--escaque-coordinate-dark,#fff3dd)}
@media (prefers-contrast:more){:host(:not([theme])){--light:#fff;--dark:#5a5a5a;--dot:#000;--focus:#ff00d0;
--coord-light:#000;--coord-dark:#fff}}
.frame{position:relative}
.board{position:relative;width:100%;aspect-ratio:1/1;display:grid;grid-template:repeat(8,1fr)/repeat(8,1fr);
touch-action:none;user-select:none;-webkit-user-select:none;-webkit-touch-callout:none;border-radius:var(--escaque-radius,0);
overflow:hidden;outline:none;forced-color-adjust:none}
.row{display:contents}
.sq{position:relative;background-color:var(--light);min-width:0;min-height:0}
.sq.dark{background-color:var(--dark)}
.sq.last{background-image:linear-gradient(var(--last),var(--last))}
.sq.sel{background-image:linear-gradient(var(--sel),var(--sel))}
.sq.pre{background-image:linear-gradient(var(--pre),var(--pre))}
.sq.chk{background-image:radial-gradient(circle,var(--chk) 0,var(--chk) 25%,transparent 72%)}
.sq.chk.sel{background-image:radial-gradient(circle,var(--chk) 0,var(--chk) 25%,transparent 72%),linear-gradient(var(--sel),var(--sel))}
.sq.dest::before{content:"";position:absolute;inset:36%;border-radius:50%;background:var(--dot);z-index:1;pointer-events:none}
.sq.dest.cap::before{inset:2%;background:none;border:max(2px,.9cqw) solid var(--dot)}
.sq.hover{box-shadow:inset 0 0 0 max(2px,.6cqw) var(--sel)}
.sq:focus-visible{outline:none}
.sq:focus-visible::after{content:"";position:absolute;inset:0;pointer-events:none;z-index:3;
box-shadow:inset 0 0 0 max(3px,.7cqw) var(--focus)}
.coords{position:absolute;inset:0;pointer-events:none;z-index:1}
.co{position:absolute;font-size:max(8px,2.1cqw);line-height:1;font-weight:600;color:var(--coord-light)}
.co.dk{color:var(--coord-dark)}
.co.f{bottom:.2%;width:12.5%;box-sizing:border-box;padding-right:.25%;text-align:right}.co.r{left:.4%;margin-top:.5%}
:host(:not([coordinates])) .coords,:host([coordinates=none]) .coords,:host([coordinates=false]) .coords{display:none}
.pieces,.annot{position:absolute;inset:0;pointer-events:none}
.annot{z-index:4;width:100%;height:100%}
.piece{position:absolute;left:0;top:0;width:12.5%;height:12.5%;z-index:2;
transition:transform var(--anim,200ms) ease;will-change:transform}
.piece.drag{transition:none;z-index:5;cursor:grabbing}
.piece.gone{opacity:0;transition:opacity var(--anim,200ms)}
img.piece{object-fit:contain}
@container (max-width:340px){:host([coordinates]) .piece{box-sizing:border-box;padding:.8%}}
.annot line{stroke:var(--arrow);stroke-width:.16;stroke-linecap:round}
.annot circle{fill:none;stroke:var(--arrow);stroke-width:.07}
.annot .head{fill:var(--arrow);stroke:none}
.promo{position:absolute;inset:0;z-index:6;background:rgba(0,0,0,.35);display:grid;grid-template:repeat(8,1fr)/repeat(8,1fr)}
.promo button{all:unset;box-sizing:border-box;background:var(--escaque-promotion,#f4f4f4);border-radius:50%;
display:flex;cursor:pointer;box-shadow:0 0 0 1px #0006}
.promo button:hover,.promo button:focus-visible{background:var(--escaque-promotion-hover,#ffd64f);border-radius:8%}
.promo button:focus-visible{outline:3px solid var(--focus)}
.promo svg{width:100%;height:100%;position:static}
.entry{display:flex;gap:.5em;align-items:center;margin-top:.4em;font-size:max(12px,min(1rem,3.6cqw))}
.entry input{flex:1;min-width:0;font:inherit;padding:.25em .4em}
.entry input[aria-invalid=true]{outline:2px solid var(--chk)}
.entry[hidden]{display:none}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}
:host([interactive]:not([interactive=none])) .board{cursor:pointer}
@media (prefers-reduced-motion:reduce){.piece,.piece.gone{transition:none}}
@media (forced-colors:active){.sq:focus-visible::after{box-shadow:inset 0 0 0 max(3px,.7cqw) Highlight}}
`;
