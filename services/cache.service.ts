import { requestEnvelope } from './http.service';

// The page tells what happened itself: no second toast from the http layer.
const quiet = { silent: true } as const;

/** Empties one of the server's caches (in every server process); answers the server's sentence. */
export async function clearServerCache(ObjectID: string): Promise<string> {
  const envelope = await requestEnvelope('/cacheConfig/clear', { ObjectID }, quiet);
  return envelope.message ?? '';
}
