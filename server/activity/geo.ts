const EARTH_RADIUS_METERS = 6_371_000;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

export interface Position {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in whole metres (haversine): what a check-in's distance from the site means. */
export function distanceMeters(a: Position, b: Position): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h))));
}

/** A latitude/longitude pair from a record's values, or undefined when either is missing or out of range. */
export function positionOf(latitude: unknown, longitude: unknown): Position | undefined {
  if (latitude === null || latitude === undefined || latitude === '') return undefined;
  if (longitude === null || longitude === undefined || longitude === '') return undefined;
  const lat = Number(latitude);
  const lon = Number(longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180)
    return undefined;
  return { latitude: lat, longitude: lon };
}
