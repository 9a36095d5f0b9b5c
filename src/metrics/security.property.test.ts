import fc from 'fast-check';
import { expect, test } from 'vitest';
import { findSecretsInText, scanForSecrets } from './security.js';

/*
 * The quick check in front of the credential patterns (length and prefix) never hides a credential:
 * on any text, the scan with it finds exactly what every pattern run over the whole text finds.
 */

// Assembled at run time, as in security.test.ts, so no credential-shaped literal sits in the repository.
const B64 = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDndJt7NaG8T64';
const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const CREDENTIALS = [
  `-----BEGIN ${'RSA '}PRIVATE KEY-----\n${B64}\n${B64}\n${B64.slice(0, 20)}==\n-----END RSA PRIVATE KEY-----`,
  ['gh', 'p_', 'A1b2'.repeat(9)].join(''),
  ['gh', 's_', 'A1b2'.repeat(9)].join(''),
  ['github', '_pat_', '11ABCDEFG0', 'Fq8_Zr4'.repeat(10)].join(''),
  ['sk', '-proj-', 'Ab3'.repeat(12)].join(''),
  ['sk', '-ant-', 'api03-', 'Xy7_'.repeat(24), 'AA'].join(''),
  ['AK', 'IA', 'QW3RTY5UIOP7ASDF'].join(''),
  ['AS', 'IA', 'QW3RTY5UIOP7ASDF'].join(''),
  ['AI', 'za', 'Sy', 'Bq7_'.repeat(7), 'Tk9Z-'].join(''),
  ['xo', 'xb-', '2398475486', '-', '2348975623000', '-', 'Fq8'.repeat(8)].join(''),
  ['xa', 'pp-', '1-a-1-a'].join(''),
  ['https://', 'hooks.slack', '.com/services/T02AB/B03CD/', 'Fq8Zr4'.repeat(6)].join(''),
  ['sk', '_live_', 'Zr4'.repeat(9)].join(''),
  ['rk', '_test_', 'Zr4'.repeat(9)].join(''),
  [segment({ alg: 'HS256', typ: 'JWT' }), segment({ sub: '1' }), 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c'].join(
    '.',
  ),
  ['postgres://', 'app:', 'Tr0ub4dor-3x', '@db.internal:5432/orders'].join(''),
  ['mongodb+srv', '://u:', 'pw9x', '@cluster0.example.net/db'].join(''),
];
/** Pieces that start or end credentials, glue them to words, or break them. */
const PIECES = [
  'sk-',
  'AKIA',
  'eyJ',
  'ghp_',
  'xoxb-',
  'xapp-',
  'redis://',
  '://',
  ':',
  '@',
  '.',
  '-',
  '_',
  '\\n',
  ' ',
  'Bearer ',
  'token',
  '-----BEGIN ',
  'PRIVATE KEY-----',
  '=',
];

/** Text made of credentials (whole or cut), the pieces and random characters, in any order. */
const text = fc
  .array(
    fc.oneof(
      fc.constantFrom(...CREDENTIALS),
      fc
        .tuple(fc.constantFrom(...CREDENTIALS), fc.nat(), fc.nat())
        .map(([credential, from, to]) => credential.slice(from % credential.length, to % (credential.length + 1))),
      fc.constantFrom(...PIECES),
      fc.string({ maxLength: 8 }),
      fc.stringMatching(/^[A-Za-z0-9_-]{0,40}$/),
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join(''));

test('the quick check and the plain scan find the same credentials in any text', () => {
  fc.assert(
    fc.property(fc.oneof(text, fc.string(), fc.string({ unit: 'binary' })), (value) => {
      expect(findSecretsInText(value)).toEqual(scanForSecrets(value));
    }),
    { numRuns: 3000 },
  );
});

test('every credential shape is found whole, alone and glued to text', () => {
  for (const credential of CREDENTIALS) {
    for (const value of [credential, `key=${credential}`, `Bearer ${credential} end`]) {
      const found = findSecretsInText(value);
      expect(found.map((match) => match.kind).length, `${value} ${JSON.stringify(found)}`).toBe(1);
      expect(found).toEqual(scanForSecrets(value));
    }
  }
});
