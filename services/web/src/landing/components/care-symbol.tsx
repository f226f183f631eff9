import type { ReactNode } from 'react';
import type { CareSymbol } from '@product-console/shared';

/*
 * The care symbols of ISO 3758 drawn as simple geometric SVGs (tub, triangle, square with a circle,
 * iron, circle), in the text colour. Each is an image with its meaning as its accessible name; the
 * meaning is also written next to it by the caller.
 */

const TUB = <path d="M4 13 L8.5 34 H31.5 L36 13 M4 13 q4 -5 8 0 t8 0 t8 0 t8 0" />;
const TRIANGLE = <path d="M20 5 L36.5 34 H3.5 Z" />;
const SQUARE = (
  <>
    <rect x="4" y="4" width="32" height="32" />
    <circle cx="20" cy="20" r="12" />
  </>
);
const IRON = <path d="M5 31 H35 V25 Q35 13 24 13 H13 Q10 13 8.5 19 Z M13 13 Q14.5 8 21 8 H31" />;
const CIRCLE = <circle cx="20" cy="20" r="15" />;
const CROSS = <path d="M5 5 L35 35 M35 5 L5 35" />;

const dots = (count: number, y: number, spread = 6) =>
  Array.from({ length: count }, (_, index) => (
    <circle key={index} cx={20 + (index - (count - 1) / 2) * spread} cy={y} r="1.8" fill="currentColor" stroke="none" />
  ));

const letter = (value: string, y = 26) => (
  <text x="20" y={y} textAnchor="middle" fontSize="16" fontFamily="sans-serif" fill="currentColor" stroke="none">
    {value}
  </text>
);

const temperature = (value: string) => (
  <text x="20" y="30" textAnchor="middle" fontSize="11" fontFamily="sans-serif" fill="currentColor" stroke="none">
    {value}
  </text>
);

const DRAWINGS: Record<CareSymbol, ReactNode> = {
  wash30: (
    <>
      {TUB}
      {temperature('30')}
    </>
  ),
  wash40: (
    <>
      {TUB}
      {temperature('40')}
    </>
  ),
  wash60: (
    <>
      {TUB}
      {temperature('60')}
    </>
  ),
  wash95: (
    <>
      {TUB}
      {temperature('95')}
    </>
  ),
  handWash: (
    <>
      {TUB}
      <path d="M14 30 V22 M17.5 30 V19.5 M21 30 V20 M24.5 30 V22 M24.5 28 L28.5 23.5" />
    </>
  ),
  doNotWash: (
    <>
      {TUB}
      {CROSS}
    </>
  ),
  anyBleach: TRIANGLE,
  nonChlorineBleach: (
    <>
      {TRIANGLE}
      <path d="M14 31 L22 16 M19 31 L27 16" />
    </>
  ),
  doNotBleach: (
    <>
      {TRIANGLE}
      {CROSS}
    </>
  ),
  tumbleLow: (
    <>
      {SQUARE}
      {dots(1, 20)}
    </>
  ),
  tumbleNormal: (
    <>
      {SQUARE}
      {dots(2, 20)}
    </>
  ),
  doNotTumble: (
    <>
      {SQUARE}
      {CROSS}
    </>
  ),
  ironLow: (
    <>
      {IRON}
      {dots(1, 24.5)}
    </>
  ),
  ironMedium: (
    <>
      {IRON}
      {dots(2, 24.5)}
    </>
  ),
  ironHigh: (
    <>
      {IRON}
      {dots(3, 24.5)}
    </>
  ),
  doNotIron: (
    <>
      {IRON}
      {CROSS}
    </>
  ),
  dryCleanP: (
    <>
      {CIRCLE}
      {letter('P')}
    </>
  ),
  dryCleanF: (
    <>
      {CIRCLE}
      {letter('F')}
    </>
  ),
  wetClean: (
    <>
      {CIRCLE}
      {letter('W')}
    </>
  ),
  doNotDryClean: (
    <>
      {CIRCLE}
      {CROSS}
    </>
  ),
};

/** One ISO 3758 care symbol as an image named by its meaning. */
export function CareSymbolImage({ symbol, meaning, size = 40 }: { symbol: CareSymbol; meaning: string; size?: number }) {
  return (
    <svg
      role="img"
      aria-label={meaning}
      viewBox="0 0 40 40"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
      strokeLinecap="round"
      data-care-symbol={symbol}
    >
      <title>{meaning}</title>
      {DRAWINGS[symbol]}
    </svg>
  );
}
