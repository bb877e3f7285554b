// What the first screen needs from the app, done before anything else of it: web/app.js imports this
// module first, so it runs in the bundle's first task, before the package's modules (the rules) and the
// app's are evaluated; the browser can paint the page's layout (the side panel, the start screen) while
// they are. Lighthouse's phone saw the start screen's heading, the page's largest text, only after three
// more tasks of script (its Largest Contentful Paint).
//
// From storage, without the rules: the settings (the colour theme among them) and the stored game's
// JSON. The layout the loaded game will have, so that nothing moves when it loads (Lighthouse's layout
// shift): clock boxes only for a timed game (the page's default is untimed, a first visit's game), the
// start screen when no game is in progress (a first visit, or the last game is over); the move-step
// buttons. The start screen's buttons work from here: a choice made before main.js has taken over
// waits for it.
import * as store from './storage.js';
import { setUpStartScreen, showStartScreen } from './start-screen.js';
import { fillMoveNavs } from './move-nav.js';

/** The app's settings (main.js changes and saves this very object). */
export const settings = store.loadSettings({ language: 'en', theme: 'auto', hints: false, sound: true,
  casualDraws: false, startChoice: null, boardTheme: '', pieceSet: '', coordinates: true });

/** The stored game's JSON, read without the rules; null if none or unreadable. */
export const saved = (() => {
  const { text } = store.readText(store.KEYS.current);
  try { return text === null ? null : JSON.parse(text); } catch { return null; }
})();

let onChoice = null;
const waiting = [];
/** Who acts on the start screen's choices (main.js); choices made before are handed over now. */
export function onStartChoice(act) {
  onChoice = act;
  for (const choice of waiting.splice(0)) act(choice);
}

const $ = (id) => document.getElementById(id);
document.documentElement.dataset.theme = settings.theme;
// The move-step buttons (« ‹ › ») before the panel is shown: made later, they pushed what is under them
// down (a layout shift); main.js and the analysis board wire them by id.
fillMoveNavs();
const timed = saved && saved.tc && saved.tc.untimed !== true;
for (const id of ['clock-top', 'clock-bottom']) $(id).classList.toggle('untimed', !timed);
setUpStartScreen({ settings, save: () => store.saveSettings(settings),
  act: (choice) => (onChoice ? onChoice(choice) : waiting.push(choice)) });
if (!saved || (saved.ending !== null && saved.ending !== undefined)) showStartScreen();
document.body.dataset.layout = 'ready';

// Then one turn of the event loop before the package's modules are evaluated: the browser lays out and
// paints the page now, in a task of its own rather than one long task with the package's evaluation
// (Lighthouse counts each task's time over 50 ms as blocking).
await new Promise((resolve) => setTimeout(resolve, 0));
