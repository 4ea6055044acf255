/** Maintenance mode as every page shows it: a banner for players while it is on. */
export { MaintenanceBanner } from './components/MaintenanceBanner.tsx';
