import { useState } from 'react';
import { useBackOfficeTitle } from '../layout/use-back-office-title.ts';
import { staffSession } from '../session/staff-session.ts';
import { CodeStep, type SignedIn } from './code-step.tsx';
import { PasswordStep } from './password-step.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import type { SecondStep } from './second-step.ts';

type Step = { at: 'password'; notice?: string } | { at: 'code'; second: SecondStep } | { at: 'recovery'; signedIn: SignedIn };

/** Staff sign-in: password, then the second factor (enrolling the app the first time), then the recovery codes once. */
export default function SignInScreen({ notice }: { notice?: string }) {
  const [step, setStep] = useState<Step>({ at: 'password', notice });
  useBackOfficeTitle('Sign in');
  const finish = ({ token, staff, passwordChangeDue }: SignedIn) => staffSession.signedIn(token, staff, passwordChangeDue);
  return (
    <div className="bo-sign-in">
      {step.at === 'password' && <PasswordStep notice={step.notice} onNext={(second) => setStep({ at: 'code', second })} />}
      {step.at === 'code' && (
        <CodeStep
          second={step.second}
          onRestart={(reason) => setStep({ at: 'password', notice: reason })}
          onSignedIn={(signedIn) => (signedIn.recoveryCodes?.length ? setStep({ at: 'recovery', signedIn }) : finish(signedIn))}
        />
      )}
      {step.at === 'recovery' && <RecoveryCodes codes={step.signedIn.recoveryCodes!} onDone={() => finish(step.signedIn)} />}
    </div>
  );
}
