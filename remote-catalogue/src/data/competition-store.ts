import { atom } from 'jotai';
import type { Competition } from '@cgg/contracts';

/** The competition the details page shows; before one loads it is `{id: 0, category: ''}`. */
export type DetailsCompetition = Pick<Competition, 'id' | 'category'> & Partial<Competition>;

/** Spec section 3, competition store. */
export interface CompetitionStore {
  current: Competition | null;
  recommended: Competition[];
  isFetching: boolean;
  details: DetailsCompetition;
}

export const initialCompetitionStore: CompetitionStore = {
  current: null,
  recommended: [],
  isFetching: false,
  details: { id: 0, category: '' },
};

export const competitionStoreAtom = atom<CompetitionStore>(initialCompetitionStore);
