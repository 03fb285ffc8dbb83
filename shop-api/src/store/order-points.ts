/** Points earned: 1 point per 10p paid by card or site credit (points spent earn none). */
export const PENCE_PER_POINT_EARNED = 10;
