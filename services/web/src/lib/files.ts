/** Stored file paths (`/files/...`) are served by the API at `/api/files/...`, reached through the gateway. */
export function fileUrl(path: string): string {
  return `/bff/api${path}`;
}
