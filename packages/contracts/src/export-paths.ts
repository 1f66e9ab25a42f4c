/**
 * The member's exports (issue 16 §3 "Take it out"): files to download, each behind login. The web app fetches them
 * with its bearer token and hands the bytes to the browser as a download.
 *
 * A module of its own, free of zod, so that the web app can import it (`@sift/contracts/export-paths`) without
 * pulling the schemas into its bundle: the contracts' index costs the first route ~25 KiB gzip of zod.
 */
export const EXPORT_PATHS = {
  /** OPML of the followed channels' feeds, for feed readers, Invidious and FreeTube. */
  opml: '/api/me/exports/subscriptions.opml',
  /** NewPipe's subscription import format (also read by FreeTube and LibreTube). */
  newPipe: '/api/me/exports/newpipe.json',
  /** Everything the member made: a zip of sift-export.json (read back by Sift's import) and a README.txt. */
  data: '/api/me/exports/data.zip',
} as const;
