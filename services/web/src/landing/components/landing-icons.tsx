import type { ComponentType, SVGProps } from 'react';
import {
  BoxIcon,
  ChevronRightIcon,
  HomeIcon,
  LinkIcon,
  PassportIcon,
  QrIcon,
  TraceIcon,
  CheckIcon,
} from '@/components/icons';

type Icon = ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;

/** One icon per link type (spec point 3); a type the page does not know gets the plain link icon. */
const LINK_TYPE_ICONS: Record<string, Icon> = {
  'gs1:dpp': PassportIcon,
  'gs1:pip': BoxIcon,
  'gs1:traceability': TraceIcon,
  'gs1:certificationInfo': CheckIcon,
  'gs1:homepage': HomeIcon,
  'gs1:smartLabel': QrIcon,
};

export const linkTypeIcon = (linkType: string): Icon => LINK_TYPE_ICONS[linkType] ?? LinkIcon;

export { ChevronRightIcon };

/** The play mark of a video's facade; decorative (the button is named). */
export function PlayIcon({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />
    </svg>
  );
}
