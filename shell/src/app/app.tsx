import { BrowserRouter } from 'react-router-dom';
import { SiteRoutes } from '../routes/router.tsx';
import { ToastHost } from '../toasts/toast-host.tsx';

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
