import { h, type ComponentChild } from 'preact';
import { percent } from '../reports/text.js';
import type { RunRecord } from '../store/types.js';
import { VIEW_TEXT, runName } from './text.js';

/*
 * The trend of the runs page as inline SVG (no script, no fetch): each run's mean score and pass rate,
 * oldest on the left, with the verdict lines at 70% and 90%. Each point's title names its run and value;
 * the runs table below it is the same data as text.
 */

const WIDTH = 900;
const HEIGHT = 240;
const LEFT = 44;
const RIGHT = 12;
const TOP = 12;
const BOTTOM = 28;

const y = (value: number) => TOP + (1 - Math.max(0, Math.min(1, value))) * (HEIGHT - TOP - BOTTOM);

/** Runs' values as polyline segments (a run without the value breaks the line) and their points. */
function series(runs: readonly RunRecord[], x: (k: number) => number, value: (run: RunRecord) => number | null) {
  const segments: string[][] = [[]];
  const points: { x: number; y: number; run: RunRecord; value: number }[] = [];
  runs.forEach((run, k) => {
    const v = value(run);
    if (v === null) {
      if (segments.at(-1)!.length > 0) segments.push([]);
      return;
    }
    segments.at(-1)!.push(`${x(k).toFixed(1)},${y(v).toFixed(1)}`);
    points.push({ x: x(k), y: y(v), run, value: v });
  });
  return { segments: segments.filter((segment) => segment.length > 1), points };
}

/** The trend chart of `runs` (newest first, as listed); null when there is nothing to draw. */
export function TrendChart(props: { runs: readonly RunRecord[] }): ComponentChild {
  const runs = [...props.runs].reverse();
  if (runs.length === 0) return h('p', { class: 'none' }, VIEW_TEXT.trendEmpty);
  const step = runs.length === 1 ? 0 : (WIDTH - LEFT - RIGHT) / (runs.length - 1);
  const x = (k: number) => (runs.length === 1 ? (LEFT + WIDTH - RIGHT) / 2 : LEFT + k * step);
  const lines = [
    { name: 'score', label: VIEW_TEXT.trendLegendScore, ...series(runs, x, (run) => run.mean_score) },
    { name: 'rate', label: VIEW_TEXT.trendLegendRate, ...series(runs, x, (run) => run.pass_rate) },
  ];
  const grid = [0, 0.5, 0.7, 0.9, 1].map((value) =>
    h(
      'g',
      { key: value },
      h('line', { class: 'grid', x1: LEFT, x2: WIDTH - RIGHT, y1: y(value), y2: y(value) }),
      h('text', { x: LEFT - 6, y: y(value) + 4, 'text-anchor': 'end' }, `${value * 100}%`),
    ),
  );
  const labels = [0, runs.length - 1].filter((k, i, all) => all.indexOf(k) === i);
  return h(
    'figure',
    { id: 'trend' },
    h(
      'svg',
      {
        class: 'trend',
        viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
        role: 'img',
        'aria-label': `${VIEW_TEXT.trendTitle}: ${runs.length} runs, ${runName(runs[0]!.id)} to ${runName(runs.at(-1)!.id)}`,
      },
      grid,
      lines.map((line) => line.segments.map((points) => h('polyline', { class: line.name, points: points.join(' ') }))),
      lines.map((line) =>
        line.points.map((point) =>
          h(
            'circle',
            { class: line.name, cx: point.x.toFixed(1), cy: point.y.toFixed(1), r: 3.5 },
            h(
              'title',
              null,
              `${runName(point.run.id)} (${point.run.started_at}): ${line.label} ${percent(point.value)}`,
            ),
          ),
        ),
      ),
      labels.map((k) =>
        h(
          'text',
          { x: x(k), y: HEIGHT - 8, 'text-anchor': k === 0 && runs.length > 1 ? 'start' : 'end' },
          runName(runs[k]!.id),
        ),
      ),
    ),
    h(
      'figcaption',
      { class: 'legend' },
      lines.map((line) =>
        h('span', null, h('span', { class: `swatch ${line.name}`, 'aria-hidden': 'true' }), line.label),
      ),
    ),
  );
}
