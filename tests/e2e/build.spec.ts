import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';

// The build the journeys run on: without a Firebase configuration, not a byte of the Firebase SDK is
// in it (the FCM path is cut at build time; with one, the SDK is a chunk loaded only on demand).

test('a build without a Firebase configuration carries no Firebase code', () => {
  const files = readdirSync('dist/assets').filter((name) => name.endsWith('.js'));
  expect(files.length).toBeGreaterThan(5);
  const withFirebase = [...files.map((name) => `dist/assets/${name}`), 'dist/sw.js'].filter((path) =>
    /firebase/i.test(readFileSync(path, 'utf8')),
  );
  expect(withFirebase).toEqual([]);
});
