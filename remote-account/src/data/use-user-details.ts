import type { User } from '@cgg/contracts/account';
import { useAccountData } from './use-account-data.ts';
import { useSession } from '../session/use-session.ts';
import { accountStore, userStoreAtom } from '../session/user-store.ts';

/**
 * The customer's stored details for the forms (get_user_details). A failed read is
 * silent (spec section 8): the forms fall back to what sign-in returned.
 */
export function useUserDetails(): { user: User | null; isLoading: boolean; remember: (patch: Partial<User>) => void } {
  const session = useSession();
  const { data, isLoading, mutate } = useAccountData('getUserDetails');
  const user = data?.data ?? session.user;
  /** After a successful save: the form's values become the stored ones everywhere in this remote. */
  function remember(patch: Partial<User>) {
    const current = accountStore.get(userStoreAtom);
    if (current.user) accountStore.set(userStoreAtom, { ...current, user: { ...current.user, ...patch } });
    if (data) void mutate({ ...data, data: { ...data.data, ...patch } }, { revalidate: false });
  }
  return { user, isLoading, remember };
}
