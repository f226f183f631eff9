import type { SerialStory } from '@product-console/shared';

/** One line of a serial's story, whatever it came from. */
export type TimelineEvent =
  | { kind: 'scan'; at: string; country: string | null; region: string | null; linkType: string }
  | { kind: 'check'; at: string; country: string | null; result: string }
  | { kind: 'tap'; at: string; country: string | null; counter: number | null; result: string }
  | { kind: 'status'; at: string; from: string; to: string; reason: string | null; by: string }
  | { kind: 'report'; at: string; country: string | null; id: number; status: string; purchasePlace: string }
  | { kind: 'flag'; at: string; reason: string; countries: string[]; dismissed: boolean };

/** Everything of a story on one time line, newest first (the same instant: status changes, then reports, flags, taps, checks, scans). */
export function timelineOf(story: SerialStory): TimelineEvent[] {
  const events: TimelineEvent[] = [
    ...story.changes.map((change) => ({ kind: 'status' as const, ...change })),
    ...story.reports.map((report) => ({ kind: 'report' as const, at: report.createdAt, country: report.country, id: report.id, status: report.status, purchasePlace: report.purchasePlace })),
    ...story.flags.map((flag) => ({ kind: 'flag' as const, at: flag.flaggedAt, reason: flag.reason, countries: flag.countries, dismissed: flag.dismissed })),
    ...story.taps.map((tap) => ({ kind: 'tap' as const, ...tap })),
    ...story.checks.map((check) => ({ kind: 'check' as const, ...check })),
    ...story.scans.map((scan) => ({ kind: 'scan' as const, ...scan })),
  ];
  // A stable sort keeps the order above among events of the same instant.
  return events.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

/** The countries a story's scans, checks and taps came from, most frequent first. */
export function countriesOf(story: SerialStory): { country: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const item of [...story.scans, ...story.checks, ...story.taps]) if (item.country) counts.set(item.country, (counts.get(item.country) ?? 0) + 1);
  return [...counts].map(([country, count]) => ({ country, count })).sort((a, b) => b.count - a.count || a.country.localeCompare(b.country));
}
