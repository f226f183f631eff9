import { canonicalIdentifier, type PlaceSummary } from '@product-console/shared';

/*
 * The places of a journey as its map and list show them (decision 081): each event's business
 * location (else its read point), in the order the journey first reaches them, each once. Places the
 * company does not keep (no name) are left to the step itself, which shows their GLN.
 */

export interface JourneyStepPlaces {
  readPoint: string | null;
  bizLocation: string | null;
}

export function journeyPlaces(steps: readonly JourneyStepPlaces[], places: readonly PlaceSummary[] | undefined): PlaceSummary[] {
  const byIdentifier = new Map((places ?? []).map((place) => [place.identifier, place]));
  const seen = new Set<string>();
  const ordered: PlaceSummary[] = [];
  for (const step of steps) {
    for (const identifier of [step.bizLocation, step.readPoint]) {
      const place = identifier ? byIdentifier.get(canonicalIdentifier(identifier)) : undefined;
      if (!place) continue;
      if (!seen.has(place.identifier)) {
        seen.add(place.identifier);
        ordered.push(place);
      }
      break;
    }
  }
  return ordered;
}

/** A country's name in the reader's language (`DE` → `Germany`, `Deutschland`, `독일`), or the code when the runtime has none. */
export function countryName(locale: string, code: string | null): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** `Hamburg, Germany`: the town and country of a place (either may be missing), or null. */
export function placeWhere(locale: string, place: Pick<PlaceSummary, 'city' | 'countryCode'>): string | null {
  const parts = [place.city, countryName(locale, place.countryCode)].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(', ') : null;
}
