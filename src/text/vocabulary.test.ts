import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BAND_TEXT, METRIC_LABELS } from './report.js';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LABELS = Object.values(METRIC_LABELS);

/** The source modules of src/ (tests left out), paths relative to src/. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === '__golden__' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [relative(SRC, path)] : [];
  });
}

/** Every whole string literal of a module ('…', "…" and `…` without a placeholder). */
function stringLiterals(code: string): string[] {
  return [...code.matchAll(/'([^'\\\n]*)'|"([^"\\\n]*)"|`([^`$\\]*)`/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

describe('the shared vocabulary has one spelling of each word', () => {
  it('gives every metric its own label and every band its own word', () => {
    const lower = LABELS.map((label) => label.toLowerCase());
    expect(new Set(lower).size).toBe(lower.length);
    const bands = Object.values(BAND_TEXT).filter(Boolean);
    expect(new Set(bands).size).toBe(bands.length);
  });

  it('is the only place a metric label is written: no other module spells one itself, in any case', () => {
    const lower = new Set(LABELS.map((label) => label.toLowerCase()));
    const copies = sourceFiles(SRC)
      .filter((file) => file !== join('text', 'report.ts'))
      .flatMap((file) =>
        stringLiterals(readFileSync(join(SRC, file), 'utf8'))
          .filter((text) => lower.has(text.toLowerCase()))
          .map((text) => `${file}: '${text}'`),
      );
    expect(copies).toEqual([]);
  });

  it('the string-literal reader finds a label written in another module', () => {
    // What the check above would catch: the batch column once wrote its own 'Leaked credentials'.
    expect(stringLiterals("  secrets: 'Leaked credentials',\n  x: `Selection Accuracy`")).toEqual([
      'Leaked credentials',
      'Selection Accuracy',
    ]);
  });

  it('every report golden writes each label in its one spelling (never "Selection Accuracy")', () => {
    const goldens = join(SRC, 'reports', '__golden__');
    const offSpellings: string[] = [];
    for (const name of readdirSync(goldens)) {
      const text = readFileSync(join(goldens, name), 'utf8');
      for (const label of LABELS) {
        const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        // The label as a row says it, or its words inside a sentence (`2 forbidden calls`).
        for (const [found] of text.matchAll(new RegExp(`\\b${escaped}\\b`, 'gi')))
          if (found !== label && found !== label.toLowerCase()) offSpellings.push(`${name}: ${found}`);
      }
    }
    expect(offSpellings).toEqual([]);
    const markdown = readFileSync(join(goldens, 'example.md'), 'utf8');
    expect(markdown).toContain(`| ${METRIC_LABELS.selection_accuracy} |`);
    expect(METRIC_LABELS.selection_accuracy).toBe('Selection accuracy');
    expect(METRIC_LABELS.required_call_recall).toBe('Required call recall');
  });
});
