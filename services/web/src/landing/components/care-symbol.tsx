import type { ReactNode } from 'react';
import type { CareSymbol } from '@product-console/shared';

/*
 * The care symbols of ISO 3758 drawn as simple geometric SVGs (tub, triangle, square with a circle,
 * iron, circle), in the text colour. Each is an image with its meaning as its accessible name; the
 * meaning is also written next to it by the caller.
 */

const TUB = <path d="M3.5 11 L8.5 34 H31.5 L36.5 11 M5 15.5 q3.75 -4 7.5 0 t7.5 0 t7.5 0 t7.5 0" />;
const TRIANGLE = <path d="M20 5 L36.5 34 H3.5 Z" />;
const SQUARE = (
  <>
    <rect x="4" y="4" width="32" height="32" />
    <circle cx="20" cy="20" r="12" />
  </>
);
const IRON = <path d="M3.5 32 H36.5 V27 C36.5 18 31 14 23 14 H11 C8 14 6 21 3.5 32 Z M13 14 V9 H31" />;
const CIRCLE = <circle cx="20" cy="20" r="15" />;
const CROSS = <path d="M4 4 L36 36 M36 4 L4 36" />;

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
  <text x="20" y="30.5" textAnchor="middle" fontSize="11" fontFamily="sans-serif" fill="currentColor" stroke="none">
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
      <path d="M13 31 V23 M16.5 31 V20.5 M20 31 V20 M23.5 31 V21.5 M23.5 29 L28 24.5" />
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
      {dots(1, 24)}
    </>
  ),
  ironMedium: (
    <>
      {IRON}
      {dots(2, 24)}
    </>
  ),
  ironHigh: (
    <>
      {IRON}
      {dots(3, 24)}
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
