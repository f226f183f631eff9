import { BREAKPOINTS, type Breakpoint } from '@product-console/shared';

/** Media queries on the breakpoints of spec point 9 (xs 0, sm 768, md 1024, lg 1266, xl 1440). */
export function up(breakpoint: Breakpoint): string {
  return `@media (min-width: ${BREAKPOINTS[breakpoint]}px)`;
}

export function down(breakpoint: Breakpoint): string {
  return `@media (max-width: ${BREAKPOINTS[breakpoint] - 0.02}px)`;
}

export function downQuery(breakpoint: Breakpoint): string {
  return `(max-width: ${BREAKPOINTS[breakpoint] - 0.02}px)`;
}
