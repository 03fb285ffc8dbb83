import { apiRequest } from '@cgg/contracts';
import { staffCalls, type StaffAccount } from '@cgg/contracts/staff';
import { staffRequest } from '../api/staff-api.ts';
import { ConfirmPanel } from '../components/confirm-panel.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { useSave } from '../components/use-save.ts';

/**
 * Resetting the sign-in of a member who lost their authenticator app and recovery codes, or their
 * password: what it does, said first (it signs them out there and then). The member is mailed a
 * link to choose a new password themselves, so the admin never knows it.
 */
export function ResetSignInPanel({ account, onReset, onClose }: { account: StaffAccount; onReset: (changed: StaffAccount) => void; onClose: () => void }) {
  const save = useSave();
  return (
    <>
      <FormAlert message={save.refusal} />
      <ConfirmPanel
        label={`Reset the sign-in of ${account.name}`}
        question={`Reset ${account.name}'s sign-in? Their password and authenticator app stop working, and they are signed out at once. We email them a link to choose a new password; their next sign-in sets up an app again.`}
        yes="Yes, reset the sign-in"
        busyText="Resetting…"
        busy={save.busy}
        small
        onYes={() => void save.run(async () => onReset((await staffRequest((o) => apiRequest(staffCalls.staffResetSignIn, { id: account.id }, o))).data))}
        onBack={onClose}
      />
    </>
  );
}
