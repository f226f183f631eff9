import { useId } from 'react';
import styled from 'styled-components';
import type { PlaceSummary } from '@product-console/shared';
import { placeWhere } from '@/lib/map/journey-places';
import { drawJourneyMap } from '@/lib/map/world-map';

/*
 * A small map of a journey (decision 081), the same drawing in the console and on the shopper's
 * page (server-rendered there, no script): country outlines around the places that have coordinates,
 * numbered points joined in the order the journey reached them, and beside it the list of every
 * place by number — a place without coordinates is listed without a point.
 */

export interface JourneyMapColours {
  land: string;
  border: string;
  accent: string;
  /** The colour of the numbers on the points. */
  onAccent: string;
  water: string;
}

export interface JourneyMapProps {
  places: readonly PlaceSummary[];
  locale: string;
  /** The map's accessible name, e.g. "Map of the journey". */
  title: string;
  colours: JourneyMapColours;
  width?: number;
  height?: number;
  testId?: string;
}

// Styles through styled-components, not style attributes: the shopper's page allows no inline style.
const Figure = styled.figure`
  margin: 0;
  display: grid;
  gap: 8px;
  svg { width: 100%; height: auto; display: block; border-radius: 8px; }
`;

const Places = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 4px;
  font-size: 14px;
  li { display: flex; gap: 8px; align-items: baseline; min-width: 0; overflow-wrap: anywhere; }
`;

const PointNumber = styled.span<{ $accent: string | null; $onAccent: string }>`
  flex: 0 0 20px;
  height: 20px;
  border-radius: 10px;
  text-align: center;
  font-size: 11px;
  font-weight: 700;
  line-height: 20px;
  background: ${({ $accent }) => $accent ?? 'transparent'};
  color: ${({ $accent, $onAccent }) => ($accent ? $onAccent : 'inherit')};
`;

const hasPoint = (place: PlaceSummary): place is PlaceSummary & { latitude: number; longitude: number } => place.latitude !== null && place.longitude !== null;

export function JourneyMap({ places, locale, title, colours, width = 480, height = 260, testId = 'journey-map' }: JourneyMapProps) {
  const titleId = useId();
  const located = places.filter(hasPoint);
  const drawing = located.length > 0 ? drawJourneyMap(located, width, height) : null;
  const numberOf = new Map(located.map((place, index) => [place.identifier, index + 1]));
  return (
    <Figure data-testid={testId}>
      {drawing ? (
        <svg
          viewBox={`0 0 ${drawing.width} ${drawing.height}`}
          role="img"
          aria-labelledby={titleId}
          data-testid={`${testId}-svg`}
        >
          <title id={titleId}>{title}</title>
          <rect width={drawing.width} height={drawing.height} fill={colours.water} />
          <path d={drawing.land} fill={colours.land} />
          <path d={drawing.borders} fill="none" stroke={colours.border} strokeWidth={0.6} strokeLinejoin="round" />
          {drawing.route ? <path d={drawing.route} fill="none" stroke={colours.accent} strokeWidth={2} strokeDasharray="5 4" strokeLinecap="round" /> : null}
          {drawing.marks.map((mark, index) => (
            <g key={located[index].identifier} data-testid={`${testId}-point`}>
              <circle cx={mark.x} cy={mark.y} r={9} fill={colours.accent} stroke={colours.onAccent} strokeWidth={2} />
              <text x={mark.x} y={mark.y} dy="0.35em" textAnchor="middle" fontSize={10} fontWeight={700} fill={colours.onAccent}>
                {index + 1}
              </text>
            </g>
          ))}
        </svg>
      ) : null}
      <figcaption>
        <Places data-testid={`${testId}-places`}>
          {places.map((place) => {
            const number = numberOf.get(place.identifier);
            const where = placeWhere(locale, place);
            return (
              <li key={place.identifier} data-located={number ? 'true' : 'false'}>
                <PointNumber aria-hidden="true" $accent={number ? colours.accent : null} $onAccent={colours.onAccent}>
                  {number ?? '·'}
                </PointNumber>
                <span>
                  <strong>{place.name}</strong>
                  {where ? ` — ${where}` : ''}
                </span>
              </li>
            );
          })}
        </Places>
      </figcaption>
    </Figure>
  );
}
