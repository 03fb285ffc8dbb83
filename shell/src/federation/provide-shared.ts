/**
 * The shell provides a shared library only if it references it itself (docs/decisions.md#build-facts); otherwise each remote quietly downloads its own copy. The shell has
 * no use for jotai or swr, so it references them here through dynamic imports that
 * never run: that is enough for federation to provide them, without adding a byte
 * to the shell's start-up files.
 */
export const sharedOnlyForRemotes = [() => import('jotai'), () => import('swr')] as const;

/**
 * The same for the contracts' shared entries (build-kit `contractsSharedEntries`): the mini basket
 * and the account menu take the shell's copy, built on the zod the shell's contracts already
 * loaded, instead of downloading their own copy and their own zod.
 */
export const contractsEntriesOnlyForRemotes = [() => import('@cgg/contracts/account'), () => import('@cgg/contracts/store')] as const;
