// With federation's asyncStartup the shared libraries are ready before this module
// runs, so no separate bootstrap file is needed.
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './federation/provide-shared.ts';
import { remotesReady } from './federation/runtime-document.ts';
import './styles/global.css';
import './styles/layout.css';

// Registration runs while the first paint happens; remote slots wait for it.
void remotesReady();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(<App />);
