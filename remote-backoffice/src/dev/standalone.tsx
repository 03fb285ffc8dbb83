// Standalone dev page (`dev` script only): the back office without the shell, under /admin as
// the shell mounts it, talking to the real API through the dev server's proxy (`API_URL`).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import BackOffice from '../back-office.tsx';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <Routes>
          <Route path="/admin/*" element={<BackOffice />} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
      </BrowserRouter>
    </StrictMode>,
  );
