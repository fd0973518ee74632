// Loaded on demand by app/routes.tsx, only for admins.
export { AdminArea } from './components/admin-area';
