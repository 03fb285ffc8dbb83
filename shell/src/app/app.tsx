import { RouterProvider } from 'react-router-dom';
import { createSiteRouter } from '../routes/router.tsx';
import { ToastHost } from '../toasts/toast-host.tsx';

const router = createSiteRouter();

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <ToastHost />
    </>
  );
}
