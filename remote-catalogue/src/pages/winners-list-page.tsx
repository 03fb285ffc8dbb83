// Exposed as catalogue/WinnersListPage: /winners_list.
import { WinnersListPage } from '../results/winners-list-page.tsx';

export default WinnersListPage;
