import type { BooksCheckAnswer } from '../domain/books';
import { request } from './http.service';

// The page shows a refusal itself: no second toast from the http layer.
const quiet = { silent: true } as const;

/** The last check of the books (docs/books.md), or none yet. */
export const lastBooksCheck = () => request<BooksCheckAnswer>('/booksCheck/last', {}, quiet);

/** Checks the books now and answers that check. */
export const runBooksCheck = () => request<BooksCheckAnswer>('/booksCheck/run', {}, quiet);
