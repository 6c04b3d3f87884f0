import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '^/(api|API|vision|clipping|identity|oidc|blobs|healthz|p)(/|$)': 'http://127.0.0.1:8080' } },
});
