/**
 * The operator console's entry (issue 16): its own build (vite.console.config.ts) with its own HTML shell
 * (console.html, served at /console/*), so nothing of it is in any survey page's chunks.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './app/console-app';
import './console.css';

const container = document.getElementById('console-root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <ConsoleApp />
    </StrictMode>,
  );
}
