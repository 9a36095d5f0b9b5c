/**
 * Where a page's links go. Served, a page takes its filters and page number as query parameters; exported
 * as a static site, each page of a list is a file of its own and filters are left out (a static page
 * cannot filter). Every link is relative, so the served pages work under their token's path and the
 * exported ones from any folder.
 */

/** Query parameters of a page link; empty values are left out. */
export type LinkQuery = Readonly<Record<string, string | number | undefined>>;

export interface Links {
  /** Whether the pages are served (filters, watch) or a static export. */
  readonly served: boolean;
  runs(query?: LinkQuery): string;
  run(id: number, query?: LinkQuery): string;
  case(runId: number, position: number): string;
  compare(a: number, b: number, query?: LinkQuery): string;
}

function withQuery(path: string, query: LinkQuery = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** The served pages' links: one file name per page, its filters and page as query parameters. */
export const SERVED_LINKS: Links = {
  served: true,
  runs: (query) => withQuery('index.html', query),
  run: (id, query) => withQuery(`run-${id}.html`, query),
  case: (runId, position) => `case-${runId}-${position}.html`,
  compare: (a, b, query) => withQuery(`compare-${a}-${b}.html`, query),
};

/** The page number of a list's link (the first page when absent or 1). */
function pageOf(query: LinkQuery | undefined): number {
  const page = Number(query?.page ?? 1);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** The exported site's links: a list's page N is its own file; filters and sorts do not exist there. */
export const EXPORTED_LINKS: Links = {
  served: false,
  runs: (query) => (pageOf(query) === 1 ? 'index.html' : `index-page-${pageOf(query)}.html`),
  run: (id, query) => (pageOf(query) === 1 ? `run-${id}.html` : `run-${id}-page-${pageOf(query)}.html`),
  case: (runId, position) => `case-${runId}-${position}.html`,
  compare: (a, b, query) =>
    pageOf(query) === 1 ? `compare-${a}-${b}.html` : `compare-${a}-${b}-page-${pageOf(query)}.html`,
};
