// The escaque app's entry point (web/index.html); the app itself is in web/app/.
import './app/main.js';
