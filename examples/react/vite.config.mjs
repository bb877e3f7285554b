// Vite builds this example as it is (JSX by Vite's own esbuild, React's automatic runtime): no plugin
// needed. `npm run dev` / `vite build` from this folder once escaque, react and react-dom are installed.
export default {
  esbuild: { jsx: 'automatic' },
  build: { target: 'es2022' },
};
