import { createContext } from 'react';

/** The tab a page is rendered in: its address and catalogue page, for the actors the page starts. */
export interface PageTab {
  fullPath: string;
  pageId: string;
}

export const PageTabContext = createContext<PageTab | null>(null);
