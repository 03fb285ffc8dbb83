import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * The shell's start-up (main.js) compiles, starts the federation runtime and then asks for the
 * shared libraries it needs, all in one task: ~110-270 ms on a phone (4x CPU) during which a tap
 * waits. Waiting for one task before the first shared library is loaded splits it in two, the
 * same libraries being asked for a few milliseconds later. Only the first wait is a task: every
 * later load awaits the promise already resolved.
 */
export function yieldOnce(): () => Promise<void> {
  let firstTask: Promise<void> | undefined;
  return () => (firstTask ??= new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

export default function yieldBeforeSharedPlugin(): ModuleFederationRuntimePlugin {
  const nextTask = yieldOnce();
  return {
    name: 'cgg-yield-before-shared',
    async beforeLoadShare(args) {
      await nextTask();
      return args;
    },
  };
}
