/**
 * Runs `work` for every item, at most `limit` at a time, and resolves when all are done. `work`
 * should not throw (each item records its own outcome); if one does, the rest still run and the
 * first error is thrown at the end.
 */
export async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        errors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (errors.length) throw errors[0];
}
