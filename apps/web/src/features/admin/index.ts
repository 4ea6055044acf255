/** The admin feature's light part: who may open /admin. The panel is in pages.ts (loaded on demand). */
export { AdminGuard } from './components/AdminGuard.tsx';
