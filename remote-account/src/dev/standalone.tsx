// Standalone dev page (`dev` script only): this remote's pages and header widget without the
// shell, talking to the real API through the dev server's proxy (`API_URL`). Toasts the
// shell would show are printed in a small list here.
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { on } from '@cgg/contracts';
import AccountMenu from '../account-menu/account-menu.tsx';
import AccountPage from '../pages/account-page.tsx';
import ForgotPasswordPage from '../pages/forgot-password-page.tsx';
import LoginAsUserPage from '../pages/login-as-user-page.tsx';
import LoginPage from '../pages/login-page.tsx';
import ResetPasswordPage from '../pages/reset-password-page.tsx';
import SignUpPage from '../pages/sign-up-page.tsx';
import './standalone.css';

/** Stands in for the shell's notistack toasts. */
function DevToasts() {
  const [toasts, setToasts] = useState<{ id: number; message: string; variant: string }[]>([]);
  useEffect(
    () =>
      on('shell:toast', (t) => {
        const id = Date.now() + Math.random();
        setToasts((all) => [...all, { id, message: t.message, variant: t.variant }]);
        setTimeout(() => setToasts((all) => all.filter((x) => x.id !== id)), t.variant === 'success' ? 2000 : 4000);
      }),
    [],
  );
  return (
    <ul className="acc-dev__toasts" aria-live="polite">
      {toasts.map((t) => (
        <li key={t.id} className={`acc-dev__toast acc-dev__toast--${t.variant}`}>
          {t.message}
        </li>
      ))}
    </ul>
  );
}

function Standalone() {
  return (
    <BrowserRouter>
      <div className="acc-dev">
        <nav className="acc-dev__bar" aria-label="Standalone">
          <strong>account (standalone)</strong>
          <Link to="/auth/login">Login</Link>
          <Link to="/auth/register">Sign up</Link>
          <Link to="/auth/forgot/password">Forgot password</Link>
          <Link to="/account">My account</Link>
          <AccountMenu />
        </nav>
        <main>
          <Routes>
            <Route path="/auth/login" element={<LoginPage />} />
            <Route path="/auth/register" element={<SignUpPage />} />
            <Route path="/auth/forgot/password" element={<ForgotPasswordPage />} />
            <Route path="/auth/reset/password" element={<ResetPasswordPage />} />
            <Route path="/login-as-user" element={<LoginAsUserPage />} />
            <Route path="/account/*" element={<AccountPage />} />
            <Route path="*" element={<LoginPage />} />
          </Routes>
        </main>
        <DevToasts />
      </div>
    </BrowserRouter>
  );
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <Standalone />
    </StrictMode>,
  );
