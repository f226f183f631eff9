import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** Line icons drawn on a 24px grid; decorative, so hidden from assistive technology. */
function icon(paths: string[]) {
  return function Icon({ size = 20, ...props }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const DashboardIcon = icon(['M4 4h6v8H4z', 'M14 4h6v5h-6z', 'M14 13h6v7h-6z', 'M4 16h6v4H4z']);
export const AnalyticsIcon = icon(['M4 20V10', 'M10 20V4', 'M16 20v-7', 'M22 20H2']);
export const RocketIcon = icon([
  'M5 15c-1.5 1.3-2 5-2 5s3.7-.5 5-2c.7-.8.7-2.1-.1-2.9a2.2 2.2 0 0 0-2.9-.1z',
  'M12 15l-3-3a22 22 0 0 1 2-3.9A12.9 12.9 0 0 1 22 2c0 2.7-.8 7.5-6 11a22.4 22.4 0 0 1-4 2z',
  'M9 12H4s.6-3 2-4c1.6-1.1 5 0 5 0',
  'M12 15v5s3-.6 4-2c1.1-1.6 0-5 0-5',
]);
export const FolderIcon = icon(['M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z']);
export const TraceIcon = icon(['M6 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z', 'M18 9a2 2 0 1 0 0-4 2 2 0 0 0 0 4z', 'M8 17h5a3 3 0 0 0 3-3v-3', 'M6 15V8a3 3 0 0 1 3-3h7']);
export const UsersIcon = icon([
  'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2',
  'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  'M22 21v-2a4 4 0 0 0-3-3.9',
  'M16 3.1a4 4 0 0 1 0 7.8',
]);
export const PlusIcon = icon(['M12 5v14', 'M5 12h14']);
export const BellIcon = icon(['M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.9 1.9 0 0 0 3.4 0']);
export const MenuIcon = icon(['M4 6h16', 'M4 12h16', 'M4 18h16']);
export const ChevronDownIcon = icon(['M6 9l6 6 6-6']);
export const ChevronLeftIcon = icon(['M15 18l-6-6 6-6']);
export const ChevronRightIcon = icon(['M9 18l6-6-6-6']);
export const LogoutIcon = icon(['M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'M16 17l5-5-5-5', 'M21 12H9']);
export const UserIcon = icon(['M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2', 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z']);
export const SettingsIcon = icon([
  'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  'M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
]);
export const PaletteIcon = icon([
  'M12 22a10 10 0 1 1 10-10c0 2.8-2.2 4-4 4h-1.8a1.8 1.8 0 0 0-1.3 3.1A1.7 1.7 0 0 1 12 22z',
  'M7.5 10.5h.01',
  'M10.5 6.5h.01',
  'M15.5 7.5h.01',
]);
export const BuildingIcon = icon(['M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16', 'M16 9h2a2 2 0 0 1 2 2v10', 'M2 21h20', 'M8 7h4', 'M8 11h4', 'M8 15h4']);
export const SwitchIcon = icon(['M17 3l4 4-4 4', 'M21 7H8', 'M7 21l-4-4 4-4', 'M3 17h13']);
export const HomeIcon = icon(['M3 11l9-8 9 8', 'M5 10v10h14V10']);
export const BoxIcon = icon(['M21 8l-9-5-9 5 9 5 9-5z', 'M3 8v8l9 5 9-5V8', 'M12 13v8']);
export const LinkIcon = icon(['M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1', 'M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1']);
export const PassportIcon = icon(['M6 3h12a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1z', 'M12 13a3 3 0 1 0 0-6 3 3 0 0 0 0 6z', 'M9 17h6']);
export const NfcIcon = icon(['M6 8.3a6 6 0 0 1 0 7.4', 'M9.5 6a10 10 0 0 1 0 12', 'M13 3.5a14 14 0 0 1 0 17', 'M2.5 10.8a2 2 0 0 1 0 2.4']);
export const QrIcon = icon(['M4 4h6v6H4z', 'M14 4h6v6h-6z', 'M4 14h6v6H4z', 'M14 14h2v2h-2z', 'M18 18h2v2h-2z', 'M14 18h2v2h-2z', 'M18 14h2v2h-2z']);
export const GlobeIcon = icon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M2 12h20', 'M12 2a15 15 0 0 1 0 20 15 15 0 0 1 0-20z']);
export const MailIcon = icon(['M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z', 'M3 7l9 6 9-6']);
export const PhoneIcon = icon(['M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z']);
export const ClockIcon = icon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 6v6l4 2']);
export const AlertIcon = icon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 8v4', 'M12 16h.01']);
export const SearchIcon = icon(['M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z', 'M21 21l-4.3-4.3']);
export const EyeIcon = icon(['M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z', 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z']);
export const EyeOffIcon = icon(['M3 3l18 18', 'M10.6 10.6a2 2 0 0 0 2.8 2.8', 'M9.9 5.1A9.8 9.8 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.2', 'M6.6 6.6A17.4 17.4 0 0 0 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6']);
export const CheckIcon = icon(['M20 6L9 17l-5-5']);
export const LockIcon = icon(['M5 11h14v10H5z', 'M8 11V7a4 4 0 0 1 8 0v4']);
export const ToolIcon = icon(['M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.8-3.8a6 6 0 0 1-7.9 7.9l-6.9 6.9a2.1 2.1 0 0 1-3-3l6.9-6.9a6 6 0 0 1 7.9-7.9z']);
export const CompassIcon = icon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M16.2 7.8l-2.1 6.3-6.3 2.1 2.1-6.3z']);
export const ArrowUpIcon = icon(['M12 19V5', 'M5 12l7-7 7 7']);
export const ArrowDownIcon = icon(['M12 5v14', 'M19 12l-7 7-7-7']);
export const CopyIcon = icon(['M9 9h11v11H9z', 'M5 15H4V4h11v1']);
export const DownloadIcon = icon(['M12 3v12', 'M7 10l5 5 5-5', 'M4 21h16']);
export const UploadIcon = icon(['M12 21V9', 'M7 14l5-5 5 5', 'M4 3h16']);
export const PencilIcon = icon(['M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z']);
export const TrashIcon = icon(['M3 6h18', 'M8 6V4h8v2', 'M19 6l-1 14H6L5 6']);
/** Outgoing notifications to other systems (webhooks). */
export const SendIcon = icon(['M22 2L11 13', 'M22 2l-7 20-4-9-9-4z']);
