// Types for the TypeScript benches and fault tests that compile the API before starting it.
export function buildFrontEnds(options?: { force?: boolean }): string[];
export function buildApi(options?: { force?: boolean }): boolean;
