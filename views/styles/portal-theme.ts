// PrimeReact's theme and icon font, kept out of the first screen's stylesheet; loaded through
// with-theme.ts by every page but /login; the overrides after the theme, so they come later.
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primeicons/primeicons.css';
import './theme-overrides.css';
