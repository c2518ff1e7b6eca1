// Builds the benchmark's hello page (bench/hello/main.tsx) into bench/hello/dist.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  logLevel: 'error',
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
});
