import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The bundle lands in Maven's output, as class-path resources the server serves at /nacos/.
export default defineConfig({
  base: '/nacos/',
  plugins: [react()],
  build: {
    outDir: '../target/classes/console-ui',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
