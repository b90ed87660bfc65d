import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const here = new URL('.', import.meta.url).pathname;

export default defineConfig({
  plugins: [react()],
  root: here,
  // Under Node, 'antd' (and ProComponents, the React 19 patch) load antd's CommonJS build; the
  // app's deep 'antd/es/…' imports must load the same copy or contexts and the patch split in two.
  resolve: { alias: [{ find: /^antd\/es\/(.*)$/, replacement: 'antd/lib/$1' }] },
  test: {
    name: 'web',
    environment: 'happy-dom',
    setupFiles: ['src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
  },
});
