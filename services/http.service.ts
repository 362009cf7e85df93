import axios from 'redaxios';
import { API_BASE, REQUEST_TIMEOUT_MS } from '../domain/constants';

/** What the portal answers (ARCHITECTURE.md §3). */
export interface Envelope<T = unknown> {
  state?: boolean;
  message?: string;
  results?: T;
  data?: T;
  totalSize?: number;
  code?: string;
  /** A refused save that goes through once confirmed: what the save sends back (`Confirmed`). */
  confirm?: { name: string; value: string | number };
}

/** Things a call can tell the shell about; the shell turns them into toasts and navigation. */
export type HttpEvent =
  | { type: 'http.invalidToken'; message: string }
  | { type: 'http.failed'; message: string }
  | { type: 'http.networkError'; message: string };

export class HttpError extends Error {
  constructor(
    message: string,
    readonly kind: 'refused' | 'invalidToken' | 'network' | 'timeout',
    readonly body?: Envelope,
  ) {
    super(message);
  }
}

const listeners = new Set<(event: HttpEvent) => void>();
export function onHttpEvent(listener: (event: HttpEvent) => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const emit = (event: HttpEvent) => {
  for (const listener of listeners) listener(event);
};

/** Where the token and the language come from; set once by the session at start-up. */
const context = { token: (): string | undefined => undefined, lang: (): string => 'zh' };
export const httpContext = () => ({ token: context.token(), lang: context.lang() });
export function configureHttp(source: Partial<typeof context>) {
  Object.assign(context, source);
}

// redaxios has no timeout of its own; the SPEC's 180 s limit is an abort signal on fetch.
const fetchWithTimeout: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });

const client = axios.create({ baseURL: API_BASE, fetch: fetchWithTimeout, validateStatus: () => true });

export interface RequestOptions {
  method?: 'post' | 'get' | 'patch' | 'put' | 'delete';
  params?: Record<string, string>;
  /** Leave the failure toast to the caller (a login failure shows its own message, SPEC §8). */
  silent?: boolean;
}

/** The whole envelope of a successful call, for paged reads that need totalSize beside results. */
export async function requestEnvelope<T = unknown>(
  path: string,
  data?: unknown,
  options: RequestOptions = {},
) {
  return send<T>(path, data, options);
}

/**
 * One call to /portal, following SPEC §8: code '401' ends the session, state false shows the message
 * and fails, state true gives the data (or the whole body), and a body without a state flag is returned
 * as it is.
 */
export async function request<T = unknown>(
  path: string,
  data?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const body = await send<T>(path, data, options);
  if (!body || typeof body !== 'object' || !('state' in body)) return body as T;
  return (body.results ?? body.data ?? body) as T;
}

async function send<T>(path: string, data: unknown, options: RequestOptions): Promise<Envelope<T>> {
  let response: { data: unknown; status: number };
  try {
    const call = client.request as (
      config: Record<string, unknown>,
    ) => Promise<{ data: unknown; status: number }>;
    response = await call({
      url: path.replace(/^\//, ''),
      method: options.method ?? 'post',
      data: data === undefined ? undefined : JSON.stringify(data),
      params: options.params,
      headers: {
        'content-type': 'application/json',
        'accept-language': context.lang(),
        ...(context.token() ? { 'x-token': context.token()! } : {}),
      },
    });
  } catch (failure) {
    const timedOut = failure instanceof DOMException && failure.name === 'TimeoutError';
    const message = timedOut ? 'app.errors.timeout' : 'app.errors.network';
    if (!options.silent) emit({ type: 'http.networkError', message });
    throw new HttpError(message, timedOut ? 'timeout' : 'network');
  }
  const body = response.data as Envelope<T> | undefined;
  if (body && typeof body === 'object' && body.code === '401') {
    emit({ type: 'http.invalidToken', message: body.message ?? '' });
    throw new HttpError(body.message ?? '', 'invalidToken', body);
  }
  if (!body || typeof body !== 'object' || !('state' in body)) {
    if (response.status >= 400) {
      if (!options.silent) emit({ type: 'http.networkError', message: 'app.errors.network' });
      throw new HttpError('app.errors.network', 'network');
    }
    return body as Envelope<T>;
  }
  if (body.state === false) {
    if (!options.silent) emit({ type: 'http.failed', message: body.message ?? '' });
    throw new HttpError(body.message ?? '', 'refused', body);
  }
  return body;
}
