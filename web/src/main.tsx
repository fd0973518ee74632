import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { api } from './lib/api-client';
import './index.css';

// The server may be asleep: wake it while the visitor reads the first page.
api.health().catch(() => console.debug('Failed to ping server'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
