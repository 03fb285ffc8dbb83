// Exposed as catalogue/DrawResultsPage: /draw/results and /results.
import { DrawResultsPage } from '../results/draw-results-page.tsx';

export default DrawResultsPage;
