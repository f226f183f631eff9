import { geoEqualEarth, geoMercator, geoPath, type GeoPermissibleObjects } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';
import land110m from 'world-atlas/land-110m.json';

/*
 * Maps drawn in the page (decision 081): Natural Earth at 1:110 million (the world-atlas package),
 * projected with d3-geo into SVG path data — no tiles, no requests, nothing that tracks. The journey
 * map fits the places' coordinates, clips to its frame (a journey in Europe carries Europe only) and
 * draws the land once and the borders between countries once (each shared border a single line,
 * a third smaller than every country's own outline), in whole pixels: a few kilobytes in a
 * server-rendered page. The world map (scans by country) keeps one path per country, keyed by its
 * ISO 3166-1 numeric code.
 */

type CountryFeature = GeoJSON.Feature<GeoJSON.MultiPolygon | GeoJSON.Polygon, { name: string }>;

type Countries = GeoJSON.FeatureCollection<CountryFeature['geometry'], { name: string }>;
type CountriesTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;
let countries: Countries | null = null;
let land: GeoJSON.FeatureCollection | null = null;
let borders: GeoJSON.MultiLineString | null = null;

/** The land and the borders between countries as GeoJSON, converted once. */
function landAndBorders(): { land: GeoJSON.FeatureCollection; borders: GeoJSON.MultiLineString } {
  if (!land || !borders) {
    const landTopology = land110m as unknown as Topology<{ land: GeometryCollection }>;
    land = feature(landTopology, landTopology.objects.land) as unknown as GeoJSON.FeatureCollection;
    const topology = countries110m as unknown as CountriesTopology;
    borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  }
  return { land, borders };
}

/** The countries as GeoJSON, converted once. */
function countryFeatures(): Countries {
  if (!countries) {
    const topology = countries110m as unknown as CountriesTopology;
    countries = feature(topology, topology.objects.countries) as unknown as Countries;
  }
  return countries;
}

export interface MapPoint {
  longitude: number;
  latitude: number;
}

export interface JourneyMapDrawing {
  width: number;
  height: number;
  /** The land inside the frame, as one path. */
  land: string;
  /** The borders between countries inside the frame, as one path (lines, not areas). */
  borders: string;
  /** The points in the frame's coordinates, in the order given. */
  marks: { x: number; y: number }[];
  /** The polyline through the points in order, or null with fewer than two. */
  route: string | null;
}

/** `x,y` of a whole-number pair, the comma left out before a minus sign. */
const pair = (x: number, y: number) => `${x}${y < 0 ? '' : ','}${y}`;

/**
 * A path of d3's whole-pixel `M x,y L x,y … Z` commands rewritten with relative line-tos (`l dx,dy`),
 * repeated pairs after one `l`, and no zero-length steps: the same drawing in about a third fewer
 * bytes (half, gzipped), which counts in a page served to phones.
 */
export function compactPath(d: string): string {
  let out = '';
  let [x, y, startX, startY] = [0, 0, 0, 0];
  let inLine = false;
  for (const command of d.match(/[MLZ][^MLZ]*/g) ?? []) {
    if (command[0] === 'Z') {
      out += 'z';
      [x, y, inLine] = [startX, startY, false];
      continue;
    }
    const [px, py] = command.slice(1).split(',').map(Number);
    if (command[0] === 'M') {
      out += `M${pair(px, py)}`;
      [startX, startY, inLine] = [px, py, false];
    } else {
      const [dx, dy] = [px - x, py - y];
      if (dx === 0 && dy === 0) continue;
      out += `${inLine ? (dx < 0 ? '' : ' ') : 'l'}${pair(dx, dy)}`;
      inLine = true;
    }
    [x, y] = [px, py];
  }
  return out;
}

/** Degrees a journey map shows at least, so one place or a few close ones still show their surroundings. */
const MIN_SPAN_LONGITUDE = 8;
const MIN_SPAN_LATITUDE = 5;

const round = (value: number) => Math.round(value * 10) / 10;

/** The extent to fit: the points' bounding box, widened to the minimum span around its centre. */
function extentOf(points: readonly MapPoint[]): GeoPermissibleObjects {
  const longitudes = points.map((point) => point.longitude);
  const latitudes = points.map((point) => point.latitude);
  let [west, east] = [Math.min(...longitudes), Math.max(...longitudes)];
  let [south, north] = [Math.min(...latitudes), Math.max(...latitudes)];
  if (east - west < MIN_SPAN_LONGITUDE) [west, east] = [(west + east) / 2 - MIN_SPAN_LONGITUDE / 2, (west + east) / 2 + MIN_SPAN_LONGITUDE / 2];
  if (north - south < MIN_SPAN_LATITUDE) [south, north] = [(south + north) / 2 - MIN_SPAN_LATITUDE / 2, (south + north) / 2 + MIN_SPAN_LATITUDE / 2];
  [south, north] = [Math.max(south, -80), Math.min(north, 84)];
  return { type: 'MultiPoint', coordinates: [[west, south], [east, north], [west, north], [east, south]] };
}

/**
 * A map of a journey: the outlines around `points` (longitude/latitude in degrees), the points and
 * the route between them, in a `width` × `height` frame. Without points, the world.
 */
export function drawJourneyMap(points: readonly MapPoint[], width: number, height: number, padding = 24): JourneyMapDrawing {
  const projection = points.length > 0 ? geoMercator() : geoEqualEarth();
  projection.fitExtent(
    [
      [padding, padding],
      [width - padding, height - padding],
    ],
    points.length > 0 ? extentOf(points) : { type: 'Sphere' },
  );
  projection.clipExtent([
    [0, 0],
    [width, height],
  ]);
  const path = geoPath(projection).digits(0);
  const marks = points.map((point) => {
    const [x, y] = projection([point.longitude, point.latitude]) ?? [width / 2, height / 2];
    return { x: round(x), y: round(y) };
  });
  return {
    width,
    height,
    land: compactPath(path(landAndBorders().land) ?? ''),
    borders: compactPath(path(landAndBorders().borders) ?? ''),
    marks,
    route: marks.length > 1 ? `M${marks.map((mark) => `${mark.x},${mark.y}`).join('L')}` : null,
  };
}

export interface WorldMapDrawing {
  width: number;
  height: number;
  /** One path per country: its ISO 3166-1 numeric code (`410`), its English name in the data, its outline. */
  countries: { numeric: string; name: string; d: string }[];
}

/** The world in Equal Earth, one path per country (for a map of scans by country). */
export function drawWorldMap(width: number, height: number): WorldMapDrawing {
  const projection = geoEqualEarth().fitSize([width, height], { type: 'Sphere' });
  const path = geoPath(projection).digits(1);
  return {
    width,
    height,
    countries: countryFeatures()
      .features.filter((country) => country.id !== undefined)
      .map((country) => ({ numeric: String(country.id), name: country.properties.name, d: path(country) ?? '' }))
      .filter((country) => country.d !== ''),
  };
}
