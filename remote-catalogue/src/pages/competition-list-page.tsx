// Exposed as catalogue/CompetitionListPage: /competitions/:category, /competitions/instant_win_comps, /competitions/instant/wins.
import { CompetitionListPage } from '../list/competition-list-page.tsx';

export default CompetitionListPage;
