import type { StaffCompetition } from '@cgg/contracts/staff';

export const stageNames: Record<StaffCompetition['stage'], string> = { draft: 'Draft (not on the shop)', open: 'On sale', closed: 'Closed, to draw', drawn: 'Drawn', cancelled: 'Cancelled, refunded' };
