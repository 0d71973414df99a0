import type { GeoPoint } from '@forage/contracts';

/** Kilometres per unit, for the units a card writes distances in. */
const KM_PER_UNIT: ReadonlyArray<readonly [RegExp, number]> = [
  [/^(km|kms|kilometres?|kilometers?)$/i, 1],
  [/^(m|metres?|meters?)$/i, 0.001],
  [/^(mi|miles?)$/i, 1.609344],
  [/^(ft|feet|foot)$/i, 0.0003048],
  [/^(yd|yds|yards?)$/i, 0.0009144],
];

const STATED =
  /(\d+(?:[.,]\d+)?)\s*(km|kms|kilomet(?:re|er)s?|m|met(?:re|er)s?|mi|miles?|ft|feet|foot|yd|yds|yards?)\.?\s+(?:away\s+)?(?:from|to)\s+(?:the\s+)?([^,.;()|\n]{2,80})/iu;

/** A distance a card states ("1.2 km from the centre", "800 m to Central Station"): km and what it is measured to. */
export function parseStatedDistance(text: string): { km: number; to: string } | null {
  const match = STATED.exec(text);
  if (!match) return null;
  const [, amount = '', unit = '', to = ''] = match;
  const factor = KM_PER_UNIT.find(([re]) => re.test(unit))?.[1];
  const value = Number(amount.replace(',', '.'));
  if (factor === undefined || !Number.isFinite(value)) return null;
  return { km: round(value * factor), to: to.trim() };
}

/** Coordinates as markup writes them (numbers or numeric strings), or null when they are not a point on Earth. */
export function parseGeoPoint(value: unknown): GeoPoint | null {
  if (typeof value !== 'object' || value === null) return null;
  const { latitude, longitude } = value as Record<string, unknown>;
  const lat = Number(latitude);
  const lon = Number(longitude);
  if (latitude === undefined || longitude === undefined || !Number.isFinite(lat) || !Number.isFinite(lon))
    return null;
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { latitude: lat, longitude: lon };
}

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return round(2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h))));
}

/** Words that name a town's centre: a stated distance to "the centre" is a distance to the town itself. */
const CENTRE = /^(city |town )?(centre|center|downtown|old town)$/i;

/**
 * Whether a stated distance is measured to the place the user named: its reference names the
 * place (or the place names it), or it is the centre of a town the listing is in when the place
 * is that town.
 */
export function refersTo(input: { to: string; place: string; location?: string }): boolean {
  const to = input.to.toLowerCase().trim();
  const place = input.place.toLowerCase().trim();
  if (to.includes(place) || place.includes(to)) return true;
  return CENTRE.test(to) && (input.location ?? '').toLowerCase().includes(place);
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
