import { useSWRConfig } from 'swr';
import type { User } from '@cgg/contracts/account';
import { accountDataKey, useAccountData } from './use-account-data.ts';
import { useSession } from '../session/use-session.ts';
import { readStoredToken } from '../session/token-storage.ts';
import { accountStore, userStoreAtom } from '../session/user-store.ts';

/**
 * The customer's stored details for the forms (get_user_details). A failed read is
 * silent (spec section 8): the forms fall back to what sign-in returned.
 */
export function useUserDetails(): { user: User | null; isLoading: boolean; remember: (patch: Partial<User>) => void } {
  const session = useSession();
  const { data, isLoading } = useAccountData('getUserDetails');
  return { user: data?.data ?? session.user, isLoading, remember: useRememberUser() };
}

/**
 * After a successful save, from any screen: the saved values become the stored ones everywhere in
 * this remote (the session and the details cache), so a form opened later starts from them, not
 * from a copy read before the save (which a save from there would write back).
 */
export function useRememberUser(): (patch: Partial<User>) => void {
  const { mutate } = useSWRConfig();
  return (patch) => {
    const current = accountStore.get(userStoreAtom);
    if (current.user) accountStore.set(userStoreAtom, { ...current, user: { ...current.user, ...patch } });
    const token = readStoredToken();
    type Details = { success: boolean; data: User };
    if (token) void mutate(accountDataKey('getUserDetails', token), (cached: Details | undefined) => cached && { ...cached, data: { ...cached.data, ...patch } }, { revalidate: false });
  };
}
