import { passwordStrength, PASSWORD_HINT } from '../validation/password-strength.ts';

/** The password strength meter of spec section 5, with its hint. */
export function StrengthMeter({ password }: { password: string }) {
  const strength = passwordStrength(password);
  return (
    <div className={`acc-strength acc-strength--${strength.level}`} aria-live="polite">
      <div className="acc-strength__bar" aria-hidden="true">
        <span className="acc-strength__fill" />
      </div>
      <p className="acc-strength__label" data-testid="strength-label">
        {strength.label}
      </p>
      {strength.advice && <p className="acc-strength__advice">{strength.advice}</p>}
      <p className="acc-strength__hint">{PASSWORD_HINT}</p>
    </div>
  );
}
