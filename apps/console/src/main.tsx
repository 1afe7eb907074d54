import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { ConsoleApp } from './app/console-app';
import './console.css';

// The page's CSP forbids eval: zod must not try to compile its parsers.
z.config({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html lost #root');
createRoot(root).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
