import { type ComponentChildren, h, type ComponentChild } from 'preact';
import { renderToString } from 'preact-render-to-string';
import type { Verdict } from '../core/grade.js';
import { VERSION } from '../core/version.js';
import { HTML_STYLE, HTML_STYLE_HASH } from '../reports/html-style.js';
import { VERDICT_BAND } from '../reports/html.js';
import { percent } from '../reports/text.js';
import { scoreBand } from '../reports/view-model.js';
import type { Links, LinkQuery } from './links.js';
import { PAGE_SIZE } from './query.js';
import { VIEW_STYLE, VIEW_STYLE_HASH } from './style.js';
import { VIEW_TEXT, pageText, showingText, sortLabel } from './text.js';

/*
 * What every page shares: the frame (skip link, site bar, main landmark, footer), the stylesheets by
 * hash, tables with header scopes, sort links that say how they sort, pagers. Pages are Preact elements
 * rendered to a string on the server; no page needs client-side rendering. Text goes in as element
 * children, which Preact escapes, so a hostile name in a store is shown, never run.
 */

/** The served pages' one script (the watch), at this name beside them. */
export const SCRIPT_NAME = 'view.js';

/** The policy of an exported page (no script at all), which a served page's header tightens further. */
const EXPORT_POLICY = `default-src 'none'; style-src '${HTML_STYLE_HASH}' '${VIEW_STYLE_HASH}'; img-src 'none'; base-uri 'none'; form-action 'none'`;

/** The policy the server sends with every answer: its own origin only, styles by hash, no frames. */
export const SERVED_POLICY = `default-src 'self'; script-src 'self'; style-src '${HTML_STYLE_HASH}' '${VIEW_STYLE_HASH}'; img-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

/** What a page is rendered for: served (with or without watch) or exported. */
export interface PageContext {
  links: Links;
  /** The store, named for the footer (a path, or the URL with its password masked). */
  storeLabel: string;
  /** Whether the page reloads when a run is kept (served with --watch). */
  watch: boolean;
}

/** A whole page as HTML text. */
export function renderPage(context: PageContext, title: string, body: ComponentChildren): string {
  const { links } = context;
  const page = h(
    'html',
    { lang: 'en' },
    h(
      'head',
      null,
      h('meta', { charset: 'utf-8' }),
      links.served ? null : h('meta', { 'http-equiv': 'Content-Security-Policy', content: EXPORT_POLICY }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'referrer', content: 'no-referrer' }),
      h('meta', { name: 'generator', content: `toolscore ${VERSION}` }),
      h('title', null, `${title} · ${VIEW_TEXT.brand}`),
      h('style', { dangerouslySetInnerHTML: { __html: HTML_STYLE } }),
      h('style', { dangerouslySetInnerHTML: { __html: VIEW_STYLE } }),
      context.watch ? h('script', { src: SCRIPT_NAME, defer: true }) : null,
    ),
    h(
      'body',
      null,
      h('a', { class: 'skip', href: '#main' }, VIEW_TEXT.skip),
      h(
        'header',
        { class: 'bar' },
        h(
          'nav',
          { 'aria-label': 'Site' },
          h('a', { class: 'brand', href: links.runs() }, VIEW_TEXT.brand),
          h('a', { href: links.runs() }, VIEW_TEXT.runsTitle),
          h('span', { class: 'store' }, context.storeLabel),
        ),
      ),
      h(
        'main',
        { id: 'main', tabindex: -1 },
        context.watch ? h('p', { class: 'note', id: 'watching' }, VIEW_TEXT.watching) : null,
        body,
        h('footer', null, `toolscore ${VERSION}`),
      ),
    ),
  );
  return `<!DOCTYPE html>\n${renderToString(page)}\n`;
}

/** A titled section of a page; its heading labels it. */
export function Section(props: { id: string; title: string; children?: ComponentChildren }): ComponentChild {
  return h(
    'section',
    { id: props.id, 'aria-labelledby': `${props.id}-title` },
    h('h2', { id: `${props.id}-title` }, props.title),
    props.children,
  );
}

/** A column of a table: its header text, whether it holds numbers, and how it sorts (when it does). */
export interface Column {
  text: string;
  numeric?: boolean;
  sort?: { current: 'ascending' | 'descending' | undefined; href: string; next: string };
}

/** A table in a scrolling box, with a caption and headers scoped to their columns. */
export function Table(props: {
  id: string;
  caption: string;
  columns: readonly Column[];
  children?: ComponentChildren;
}): ComponentChild {
  return h(
    'div',
    { class: 'scroll' },
    h(
      'table',
      { id: props.id },
      h('caption', { class: 'visually-hidden' }, props.caption),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          props.columns.map((column) =>
            h(
              'th',
              {
                scope: 'col',
                class: column.numeric ? 'num' : undefined,
                'aria-sort': column.sort === undefined ? undefined : (column.sort.current ?? 'none'),
              },
              column.sort === undefined
                ? column.text
                : h(
                    'a',
                    {
                      class: 'sort',
                      href: column.sort.href,
                      'aria-label': sortLabel(column.text, column.sort.current, column.sort.next),
                    },
                    column.text,
                    column.sort.current === 'ascending' ? ' ▲' : column.sort.current === 'descending' ? ' ▼' : '',
                  ),
            ),
          ),
        ),
      ),
      h('tbody', null, props.children),
    ),
  );
}

/** Previous and next links around "Page N of M", and how many rows there are. */
export function Pager(props: {
  id: string;
  page: number;
  pages: number;
  total: number;
  noun: string;
  href: (page: number) => string;
}): ComponentChild {
  const { page, pages, total } = props;
  const from = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const to = Math.min(total, page * PAGE_SIZE);
  return h(
    'nav',
    { class: 'pager', id: props.id, 'aria-label': VIEW_TEXT.pages },
    page > 1 ? h('a', { href: props.href(page - 1), rel: 'prev' }, `← ${VIEW_TEXT.previous}`) : null,
    h('span', { 'aria-current': 'page' }, pageText(page, pages)),
    page < pages ? h('a', { href: props.href(page + 1), rel: 'next' }, `${VIEW_TEXT.next} →`) : null,
    h('span', { class: 'muted', role: 'status' }, showingText(from, to, total, props.noun)),
  );
}

/** A verdict as a coloured badge (its word is the text: colour is never the only sign). */
export function VerdictBadge(props: { verdict: Verdict | null }): ComponentChild {
  if (props.verdict === null) return h('span', { class: 'none' }, VIEW_TEXT.notScored);
  return h('span', { class: `badge ${VERDICT_BAND[props.verdict]}` }, props.verdict);
}

/** A score in its band's colour, or a dash. */
export function Score(props: { score: number | null }): ComponentChild {
  return props.score === null
    ? h('span', { class: 'none' }, VIEW_TEXT.none)
    : h('span', { class: scoreBand(props.score) }, percent(props.score));
}

/** `83.5%`, or a dash for a number the run does not have. */
export function percentOrDash(value: number | null | undefined): string {
  return value === null || value === undefined ? VIEW_TEXT.none : percent(value);
}

/** pass^k at the largest k the run has (`pass^3 40.0%`), or a dash. */
export function passHatKText(passHatK: Record<string, number> | null): string {
  if (passHatK === null) return VIEW_TEXT.none;
  const ks = Object.keys(passHatK)
    .map(Number)
    .filter((k) => Number.isInteger(k))
    .sort((a, b) => a - b);
  const k = ks.at(-1);
  return k === undefined ? VIEW_TEXT.none : `pass^${k} ${percent(passHatK[String(k)]!)}`;
}

/** A filter form: GET to the page itself, each control labelled; a link clears it. */
export function FilterForm(props: { action: string; clear: string; children?: ComponentChildren }): ComponentChild {
  return h(
    'form',
    { class: 'filters', method: 'get', action: props.action, role: 'search', 'aria-label': VIEW_TEXT.filters },
    props.children,
    h('button', { type: 'submit' }, VIEW_TEXT.apply),
    h('a', { href: props.clear }, VIEW_TEXT.clear),
  );
}

/** A labelled select of `values` (and "any"), with `value` chosen. */
export function Select(props: {
  name: string;
  label: string;
  value: string | undefined;
  values: readonly (string | readonly [value: string, text: string])[];
}): ComponentChild {
  return h(
    'label',
    null,
    props.label,
    h(
      'select',
      { name: props.name },
      h('option', { value: '', selected: props.value === undefined }, VIEW_TEXT.any),
      props.values.map((entry) => {
        const [value, text] = typeof entry === 'string' ? [entry, entry] : entry;
        return h('option', { value, selected: props.value === value }, text);
      }),
    ),
  );
}

/** A labelled text field. */
export function TextField(props: {
  name: string;
  label: string;
  value: string | undefined;
  type?: string;
}): ComponentChild {
  return h(
    'label',
    null,
    props.label,
    h('input', { type: props.type ?? 'text', name: props.name, value: props.value ?? '' }),
  );
}

/** The query of a list's link with one parameter changed (and the page reset unless it is the page). */
export function changed(query: LinkQuery, key: string, value: string | number | undefined): LinkQuery {
  return { ...query, page: undefined, [key]: value };
}

/** A short commit (12 characters), or a dash. */
export function shortCommit(commit: string | null): string {
  return commit === null ? VIEW_TEXT.none : commit.slice(0, 12);
}
