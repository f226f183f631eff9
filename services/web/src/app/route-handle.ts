import type { MessageId } from '@/lib/i18n';

/**
 * A crumb named after what the route's params point at:
 * - `products`: the product list (`/entry-list`);
 * - `project`: the project of the `projectId` param (its product list);
 * - `productProject`: the project of the `productId` param's product;
 * - `product`: that product (its details page);
 * - `traceProduct`: that product in the traceability area (its trace data).
 */
export type TrailItem = 'products' | 'project' | 'productProject' | 'product' | 'traceProduct';

/** What a route tells the shell about itself. */
export interface RouteHandle {
  /** Breadcrumb label; also the document title of the deepest route that has one. */
  crumb?: MessageId;
  /** Crumbs before this route's own: where the page sits (project, product). */
  trail?: readonly TrailItem[];
  /** A grouping route without a page of its own: its crumb links to this child path instead. */
  crumbTo?: string;
  /** The page is this item's own (a project's list, a product's details): its name is the last crumb instead of `crumb`. */
  page?: TrailItem;
  /** The title of a "coming soon" account page. */
  titleId?: MessageId;
  /** A catch-all: the page does not exist, whoever asks. */
  notFound?: boolean;
}
