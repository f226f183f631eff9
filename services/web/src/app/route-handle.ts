import type { MessageId } from '@/lib/i18n';

/** What a route tells the shell about itself. */
export interface RouteHandle {
  /** Breadcrumb label; also the document title of the deepest route that has one. */
  crumb?: MessageId;
  /** The title of a "coming soon" account page. */
  titleId?: MessageId;
  /** A catch-all: the page does not exist, whoever asks. */
  notFound?: boolean;
}
