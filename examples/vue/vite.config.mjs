// Vue's compiler must know the escaque-* tags are custom elements (not Vue components).
import vue from '@vitejs/plugin-vue';

export default {
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('escaque-') } } })],
  build: { target: 'es2022' },
};
