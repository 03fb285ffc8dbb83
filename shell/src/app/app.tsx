import { BrowserRouter } from 'react-router-dom';
import { SiteRoutes } from '../routes/router.tsx';
import { ToastHost } from '../toasts/toast-host.tsx';

// The start-up (index.tsx) takes it with the app: one module of its own less in main.js.
export { loadZodFor } from '../federation/zod-loading.ts';

export function App() {
  return (
    <>
      <BrowserRouter>
        <SiteRoutes />
      </BrowserRouter>
      <ToastHost />
    </>
  );
}
