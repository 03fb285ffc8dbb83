// With federation's asyncStartup the shared libraries are ready before this module
// runs, so no separate bootstrap file is needed.
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './federation/provide-shared.ts';
import { remotesReady } from './federation/runtime-document.ts';
import { startSessionTracking } from './session/session-store.ts';
import './styles/global.css';
import './styles/layout.css';
import './styles/site-pages.css';

// Before any remote loads, so the first account:session-changed is not missed.
startSessionTracking();

// Registration runs while the first paint happens; remote slots wait for it.
void remotesReady();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(<App />);
