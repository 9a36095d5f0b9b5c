import { createHash } from 'node:crypto';
import { REPORT_TEXT, coveredByText, stateBranchText } from '../text/report.js';
import { escapeXml as h } from './escape.js';
import type { StateChangeView } from './view-model.js';

/*
 * The HTML report's state diff as a tree: changed paths grouped under the keys that hold them, each
 * branch a <details> open by default (its <summary> takes the keyboard focus and opens or closes it
 * with Enter or Space, no script needed), each change naming its kind and whether it was unexpected in
 * words, so colour is never the only sign. A chain of keys holding one branch reads as one label
 * (`.customers.C2002.lines[0]`).
 */

/** One key of the tree: the changes under it, and its own change when the diff names its path. */
interface Branch {
  label: string;
  change: StateChangeView | null;
  children: Map<string, Branch>;
}

function branch(label: string): Branch {
  return { label, change: null, children: new Map() };
}

/** The changes grouped by the pieces of their paths, under the root `$`. */
function growTree(changes: readonly StateChangeView[]): Branch {
  const root = branch('$');
  for (const change of changes) {
    // A path kept whole (it did not parse) hangs from the root as it is.
    const pieces = change.segments[0] === '$' ? change.segments.slice(1) : change.segments;
    let at = root;
    for (const piece of pieces) {
      let next = at.children.get(piece);
      if (next === undefined) {
        next = branch(piece);
        at.children.set(piece, next);
      }
      at = next;
    }
    at.change = change;
  }
  return root;
}

/** How many changes a branch holds, and how many of them are unexpected. */
function tally(node: Branch): { changes: number; unexpected: number } {
  let changes = node.change === null ? 0 : 1;
  let unexpected = node.change?.unexpected ? 1 : 0;
  for (const child of node.children.values()) {
    const counts = tally(child);
    changes += counts.changes;
    unexpected += counts.unexpected;
  }
  return { changes, unexpected };
}

/** The change itself: its kind in words, the old and new value, and what covered it (or that nothing did). */
function changeLine(change: StateChangeView): string {
  const before = change.before === null ? '' : ` <span class="before">${h(change.before)}</span>`;
  const arrow = change.before !== null && change.after !== null ? ' →' : '';
  const after = change.after === null ? '' : ` <span class="after">${h(change.after)}</span>`;
  const covered = change.unexpected
    ? ` <strong class="tag">${h(REPORT_TEXT.unexpected)}</strong>`
    : ` <span class="covered">${h(coveredByText(change.coveredText))}</span>`;
  return `<span class="kind">${h(change.changeText)}</span>${before}${arrow}${after}${covered}`;
}

function branchHtml(node: Branch, prefix = ''): string {
  // A key with no change of its own and one branch under it joins that branch's label.
  if (node.change === null && node.children.size === 1) {
    const [only] = node.children.values();
    return branchHtml(only!, `${prefix}${node.label}`);
  }
  const label = `<span class="path">${h(`${prefix}${node.label}`)}</span>`;
  const change = node.change;
  const classes = change === null ? '' : ` class="change ${change.change}${change.unexpected ? ' unexpected' : ''}"`;
  const data = change === null ? '' : ` data-path="${h(change.path)}" data-change="${change.change}"`;
  const own = change === null ? '' : ` ${changeLine(change)}`;
  if (node.children.size === 0) return `<li${classes}${data}>${label}${own}</li>`;
  const counts = tally(node);
  const children = [...node.children.values()].map((child) => branchHtml(child)).join('');
  return `<li${classes}${data}><details open><summary>${label}${own} <span class="note">${h(stateBranchText(counts.changes, counts.unexpected))}</span></summary><ul>${children}</ul></details></li>`;
}

/** The changed paths as a tree, `$` at its root. */
export function stateTree(changes: readonly StateChangeView[]): string {
  return `<ul class="state-tree">${branchHtml(growTree(changes))}</ul>`;
}

/** The stylesheet of the outcome and state sections, added to a page only when it has them. */
export const OUTCOME_STYLE = `
ul.state-tree, ul.state-tree ul { list-style: none; margin: 0; padding-left: 1.2rem; }
ul.state-tree { padding-left: 0; font-family: var(--mono); font-size: 0.86rem; }
ul.state-tree details { margin-top: 0; }
ul.state-tree summary { font-weight: 400; }
ul.state-tree summary:focus-visible { outline: 2px solid var(--info); outline-offset: 2px; }
ul.state-tree li { padding: 2px 4px; margin: 1px 0; border-radius: 4px; overflow-wrap: anywhere; }
.state-tree .kind { font-family: system-ui, sans-serif; font-size: 0.7rem; font-weight: 700; text-transform: uppercase; padding: 0 4px; border: 1px solid currentColor; border-radius: 4px; margin-left: 6px; }
.state-tree .added > .kind { color: var(--good); } .state-tree .removed > .kind { color: var(--bad); }
.state-tree .changed > .kind { color: var(--warn); }
.state-tree li.unexpected { background: var(--bad-bg); outline: 1px solid var(--bad); }
.state-tree .tag { font-family: system-ui, sans-serif; font-size: 0.7rem; text-transform: uppercase; color: var(--bad); margin-left: 6px; }
.state-tree .covered { color: var(--muted); font-size: 0.8rem; margin-left: 6px; }
ul.outcome-failures { padding-left: 1.5rem; }
ul.outcome-failures li { margin: 6px 0; }
`;

/** The stylesheet's hash, as the page's Content-Security-Policy names it. */
export const OUTCOME_STYLE_HASH = `sha256-${createHash('sha256').update(OUTCOME_STYLE).digest('base64')}`;
