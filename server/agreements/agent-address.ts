/**
 * The agent's address written once: province, city, district, then the street detail. People often
 * type the detail starting with the city (or the whole region), so a part the detail already begins
 * with is not written again, and a city that repeats its province (a municipality) appears once.
 */
export function composeAddress(parts: {
  province?: string;
  city?: string;
  district?: string;
  detail?: string;
}): string {
  let detail = (parts.detail ?? '').trim();
  const regions: string[] = [];
  for (const raw of [parts.province, parts.city, parts.district]) {
    const region = (raw ?? '').trim();
    if (!region || regions.includes(region)) continue;
    regions.push(region);
  }
  // Strip, in order, every region the detail already starts with.
  for (const region of regions) {
    if (detail.startsWith(region)) detail = detail.slice(region.length).trim();
  }
  return regions.join('') + detail;
}
