/** Case-insensitive containment, the in-memory twin of SQL `ilike '%…%'`. */
export const likeMatch = (text: string, keyword: string) =>
  text.toLowerCase().includes(keyword.trim().toLowerCase());
