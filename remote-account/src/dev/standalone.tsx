// Standalone dev page (`dev` script only): this remote's pages and widget without the
// shell, plus buttons that fire the session events the real sign-in will send.
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { emit } from '@cgg/contracts';
import AccountMenu from '../account-menu/account-menu.tsx';
import AccountPage from '../pages/account-page.tsx';
import ForgotPasswordPage from '../pages/forgot-password-page.tsx';
import LoginAsUserPage from '../pages/login-as-user-page.tsx';
import LoginPage from '../pages/login-page.tsx';
import ResetPasswordPage from '../pages/reset-password-page.tsx';
import './standalone.css';

function Standalone() {
  return (
    <BrowserRouter>
      <div className="acc-dev">
        <nav className="acc-dev__bar" aria-label="Standalone">
          <strong>account (standalone)</strong>
          <Link to="/auth/login">Login</Link>
          <Link to="/auth/forgot/password">Forgot password</Link>
          <Link to="/auth/reset/password">Reset password</Link>
          <Link to="/login-as-user">Login as user</Link>
          <Link to="/account">My account</Link>
          <button
            type="button"
            onClick={() => emit('account:session-changed', { signedIn: true, user: { id: 1, firstName: 'Sam', displayName: 'Sam Smith' } })}
          >
            Fake sign-in
          </button>
          <AccountMenu />
        </nav>
        <main>
          <Routes>
            <Route path="/auth/login" element={<LoginPage />} />
            <Route path="/auth/forgot/password" element={<ForgotPasswordPage />} />
            <Route path="/auth/reset/password" element={<ResetPasswordPage />} />
            <Route path="/login-as-user" element={<LoginAsUserPage />} />
            <Route path="/account/*" element={<AccountPage />} />
            <Route path="*" element={<LoginPage />} />
          </Routes>
        </main>
      </div>
    </BrowserRouter>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<Standalone />);
