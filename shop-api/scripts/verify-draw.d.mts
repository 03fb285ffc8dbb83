// Types of the standalone verify script, for the tests that check it agrees with the server.
export interface VerifyInput {
  csv: string;
  seed: string | null;
  commitment?: string;
  entryListSha256?: string | null;
  winner?: number | string | null;
}
export interface VerifyResult {
  entries: number;
  listHash: string;
  winner: { index: number; rounds: number; ticket_number: number; entry_type: 'paid' | 'postal' } | null;
  failures: string[];
}
export function sha256Hex(data: string | Buffer): string;
export function parseEntryList(csv: string): Array<{ ticket_number: number; entry_type: 'paid' | 'postal' }>;
export function winningIndex(seedHex: string, listHash: string, count: number): { index: number; rounds: number };
export function verifyDraw(input: VerifyInput): VerifyResult;
