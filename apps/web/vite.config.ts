import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server serves apps/web/dist in production; in development Vite proxies /api to it.
// Paths are relative to apps/web (npm runs workspace scripts there).
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
});
