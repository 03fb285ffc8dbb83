// Exposed as catalogue/HomePage.
import { HomePage } from '../home/home-page.tsx';

export default HomePage;
