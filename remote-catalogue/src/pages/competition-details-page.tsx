// Exposed as catalogue/CompetitionDetailsPage: /competition/details/:slugId and /competition/info/:id.
import { CompetitionDetailsPage } from '../details/competition-details-page.tsx';

export default CompetitionDetailsPage;
