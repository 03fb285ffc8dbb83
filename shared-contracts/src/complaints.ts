// The `@cgg/contracts/complaints` entry: the complaints procedure's schemas, rules and call.
// Not in the barrel every page loads; not shared by federation either: the shell's complaints
// page and the back office each bundle it (it holds no state), and no other page loads it.
export * from './api/complaints.ts';
export * from './api/complaint-calls.ts';
