import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_SCHEMAS, ROOT, schemaText } from './published.js';

// schemas/*.json are generated from the zod definitions; `npm run schemas` rewrites them.
describe('the published JSON Schemas', () => {
  for (const [file, build] of Object.entries(PUBLISHED_SCHEMAS)) {
    it(`schemas/${file} is what its definition emits`, () => {
      const path = join(ROOT, 'schemas', file);
      const generated = schemaText(build());
      if (process.env.TOOLSCORE_UPDATE_GOLDEN === '1') writeFileSync(path, generated);
      expect(readFileSync(path, 'utf8'), `schemas/${file} is stale: run npm run schemas`).toBe(generated);
    });
  }

  it('each names where it is published and the draft it is written in', () => {
    for (const file of Object.keys(PUBLISHED_SCHEMAS)) {
      const schema = JSON.parse(readFileSync(join(ROOT, 'schemas', file), 'utf8'));
      expect(schema.$id).toBe(`https://unpkg.com/toolscore/schemas/${file}`);
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    }
  });
});
