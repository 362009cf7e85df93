/** A file a person picks for an upload: its name and its bytes. */
export interface PickedFile {
  name: string;
  content: Uint8Array;
}

/** What a plan run needs of a portal: its POST endpoints, answered with status and envelope. */
export interface PortalCalls {
  // biome-ignore lint/suspicious/noExplicitAny: an envelope's results are whatever the endpoint answers.
  post(path: string, body: unknown, token?: string): Promise<{ status: number; body: any }>;
  /**
   * A multipart upload to POST /portal<path> as a page's file picker sends it: the text fields, then
   * the one file (an import's workbook to `/import/upload`, with the list's PageID).
   */
  upload(
    path: string,
    fields: Record<string, string>,
    file: PickedFile,
    token?: string,
    // biome-ignore lint/suspicious/noExplicitAny: an envelope's results are whatever the endpoint answers.
  ): Promise<{ status: number; body: any }>;
}

/** A running portal reached over HTTP (`--base http://host:port`). */
export const httpPortal = (base: string): PortalCalls => {
  const url = (path: string) => `${base.replace(/\/$/, '')}/portal${path}`;
  const tokenHeader = (token?: string): Record<string, string> => (token ? { 'x-token': token } : {});
  return {
    async post(path, body, token) {
      const response = await fetch(url(path), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...tokenHeader(token) },
        body: JSON.stringify(body ?? {}),
      });
      return { status: response.status, body: await response.json() };
    },
    async upload(path, fields, file, token) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', new Blob([Uint8Array.from(file.content)]), file.name);
      const response = await fetch(url(path), { method: 'POST', headers: tokenHeader(token), body: form });
      return { status: response.status, body: await response.json() };
    },
  };
};
