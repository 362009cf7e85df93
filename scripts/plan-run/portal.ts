/** What a plan run needs of a portal: its POST endpoints, answered with status and envelope. */
export interface PortalCalls {
  // biome-ignore lint/suspicious/noExplicitAny: an envelope's results are whatever the endpoint answers.
  post(path: string, body: unknown, token?: string): Promise<{ status: number; body: any }>;
}

/** A running portal reached over HTTP (`--base http://host:port`). */
export const httpPortal = (base: string): PortalCalls => ({
  async post(path, body, token) {
    const response = await fetch(`${base.replace(/\/$/, '')}/portal${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
      body: JSON.stringify(body ?? {}),
    });
    return { status: response.status, body: await response.json() };
  },
});
