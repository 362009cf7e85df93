/** RFC 3986 encoding: everything but A–Z a–z 0–9 - _ . ~ is percent-encoded (encodeURIComponent leaves !'()*). */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
