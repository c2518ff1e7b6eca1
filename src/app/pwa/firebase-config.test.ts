import { describe, expect, it } from 'vitest';
import { parseFirebaseConfig } from './firebase-config.ts';

describe('the Firebase web configuration', () => {
  const complete = { apiKey: 'k', projectId: 'p', messagingSenderId: '1', appId: 'a', vapidKey: 'v' };

  it('is used only when the build has one with every field', () => {
    expect(parseFirebaseConfig(JSON.stringify(complete))).toEqual(complete);
    expect(parseFirebaseConfig('')).toBeNull();
    expect(parseFirebaseConfig('{not json')).toBeNull();
    expect(parseFirebaseConfig(JSON.stringify({ ...complete, vapidKey: '' }))).toBeNull();
    const { appId: _appId, ...withoutAppId } = complete;
    expect(parseFirebaseConfig(JSON.stringify(withoutAppId))).toBeNull();
  });
});
