import { describe, expect, it } from 'vitest';
import { languageAtSignIn } from './sign-in-language.ts';

describe('the language at sign-in', () => {
  it('keeps the language the user chose on this device, whatever the account says', () => {
    expect(languageAtSignIn({ account: 'en', shown: 'ar', chosenHere: true })).toEqual({ kind: 'keep' });
  });

  it('takes the account language on a device that only guessed one from the browser', () => {
    expect(languageAtSignIn({ account: 'ar', shown: 'en', chosenHere: false })).toEqual({
      kind: 'adopt',
      locale: 'ar',
    });
  });

  it('saves the shown language on an account that has none (a new one), chosen here or not', () => {
    expect(languageAtSignIn({ account: null, shown: 'ar', chosenHere: true })).toEqual({
      kind: 'save',
      locale: 'ar',
    });
    expect(languageAtSignIn({ account: null, shown: 'fr', chosenHere: false })).toEqual({
      kind: 'save',
      locale: 'fr',
    });
  });

  it('does nothing when the account and the app already agree', () => {
    expect(languageAtSignIn({ account: 'ru', shown: 'ru', chosenHere: false })).toEqual({ kind: 'keep' });
  });
});
