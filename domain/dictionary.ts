/** One option of a dictionary lookup (SPEC §3: keyword and content, shown as value and text). */
export interface DictionaryOption {
  keyword: string;
  content: string;
}
