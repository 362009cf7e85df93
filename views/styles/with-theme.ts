/**
 * Resolves a lazily loaded view once PrimeReact's theme and icons are in the document as well, so
 * no page but /login (which carries its own few rules, login-controls.css) ever shows unstyled.
 * Vite's preload waits for the stylesheet before the import resolves.
 */
export function withTheme<T>(load: Promise<T>): Promise<T> {
  return Promise.all([import('./portal-theme'), load]).then(([, module]) => module);
}
