/**
 * The served pages' only script, `view.js`, loaded when `--watch` is given: it listens to the server's
 * `events` stream and reloads the page when a run is kept. Plain JavaScript kept as text, so it is served
 * as it is written (no build step, no framework: the pages are rendered on the server).
 */
export const CLIENT_SCRIPT = `'use strict';
// toolscore view --watch: reload when the store keeps a new run.
(function () {
  if (typeof EventSource !== 'function') return;
  var source = new EventSource('events');
  source.addEventListener('run', function () {
    source.close();
    location.reload();
  });
})();
`;
