import { AccountRoot } from '../components/account-root.tsx';
import { AccountArea } from '../account/account-area.tsx';

/**
 * Exposed as `./AccountPage`: the shell mounts it at /account/* and this remote
 * routes the children itself, so the account team adds screens without touching
 * the shell's route table.
 */
export default function AccountPage() {
  return (
    <AccountRoot>
      <AccountArea />
    </AccountRoot>
  );
}
