import { describe, expect, it } from 'vitest';
import { compactPath, drawJourneyMap, drawWorldMap } from '@/lib/map/world-map';
import { countryName, journeyPlaces, placeWhere } from '@/lib/map/journey-places';

const PORTO = { longitude: -8.574, latitude: 41.146 };
const HAMBURG = { longitude: 9.93, latitude: 53.53 };
const BERLIN = { longitude: 13.402, latitude: 52.526 };

describe('drawJourneyMap', () => {
  it('fits the points inside the frame, in order, joined by a route, with the land and borders around them', () => {
    const drawing = drawJourneyMap([PORTO, HAMBURG, BERLIN], 360, 220);
    for (const mark of drawing.marks) {
      expect(mark.x).toBeGreaterThanOrEqual(0);
      expect(mark.x).toBeLessThanOrEqual(360);
      expect(mark.y).toBeGreaterThanOrEqual(0);
      expect(mark.y).toBeLessThanOrEqual(220);
    }
    const [porto, hamburg, berlin] = drawing.marks;
    // West to east, south to north as on any map.
    expect(porto.x).toBeLessThan(hamburg.x);
    expect(hamburg.x).toBeLessThan(berlin.x);
    expect(porto.y).toBeGreaterThan(hamburg.y);
    expect(drawing.route).toBe(`M${porto.x},${porto.y}L${hamburg.x},${hamburg.y}L${berlin.x},${berlin.y}`);
    expect(drawing.land).toMatch(/^M\d+,\d+l/);
    expect(drawing.borders).toMatch(/^M\d+,\d+l/);
    // Clipped to Europe in whole pixels, relative: a few kilobytes.
    expect(drawing.land.length + drawing.borders.length).toBeLessThan(3_000);
    expect(drawing.land).not.toMatch(/\d\.\d/);
  });

  it('shows one place with its surroundings and no route', () => {
    const drawing = drawJourneyMap([BERLIN], 360, 220);
    // Near the middle of the frame (Mercator stretches the north of the box a little).
    expect(drawing.marks[0].x).toBe(180);
    expect(Math.abs(drawing.marks[0].y - 110)).toBeLessThan(6);
    expect(drawing.route).toBeNull();
    expect(drawing.land.length).toBeGreaterThan(100);
  });
});

describe('compactPath', () => {
  it('writes the same drawing with relative line-tos, leaving out zero-length steps', () => {
    expect(compactPath('M10,20L13,18L13,18L9,25ZM100,100L90,110Z')).toBe('M10,20l3-2-4,7zM100,100l-10,10z');
    expect(compactPath('M0,0L5,0L5,5L0,5Z')).toBe('M0,0l5,0 0,5-5,0z');
  });
});

describe('drawWorldMap', () => {
  it('draws one path per country keyed by its ISO 3166-1 numeric code', () => {
    const world = drawWorldMap(640, 320);
    expect(world.countries.length).toBeGreaterThan(150);
    expect(world.countries.find((country) => country.numeric === '410')?.name).toBe('South Korea');
    expect(world.countries.every((country) => country.d.startsWith('M'))).toBe(true);
  });
});

describe('journeyPlaces', () => {
  const place = (identifier: string, name: string) => ({ identifier, name, city: null, region: null, countryCode: null, latitude: null, longitude: null });
  it("takes each step's business location, else its read point, once, in the order first reached; unknown places are left out", () => {
    const a = 'https://id.gs1.org/414/4012345000009';
    const b = 'https://id.gs1.org/414/4012345000016';
    const steps = [
      { readPoint: 'urn:epc:id:sgln:4012345.00000.0', bizLocation: null },
      { readPoint: b, bizLocation: 'https://id.gs1.org/414/9999999999994' },
      { readPoint: a, bizLocation: a },
    ];
    expect(journeyPlaces(steps, [place(a, 'A'), place(b, 'B')]).map((found) => found.name)).toEqual(['A', 'B']);
    expect(journeyPlaces(steps, undefined)).toEqual([]);
  });

  it('names towns and countries in the reader’s language', () => {
    expect(countryName('ko', 'DE')).toBe('독일');
    expect(placeWhere('en', { city: 'Hamburg', countryCode: 'DE' })).toBe('Hamburg, Germany');
    expect(placeWhere('en', { city: null, countryCode: null })).toBeNull();
  });
});
