import { pageStateStore } from '../../services/preferences.service';

/**
 * A page's state kept per user and tab for the browser session, so a reload brings the table back
 * as it was (filters, sort, page).
 */
export const rememberPageState = (username: string, key: string, value: unknown) =>
  pageStateStore.set(username, key, value);
export const recallPageState = <T>(username: string, key: string) => pageStateStore.get<T>(username, key);
