import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// Caches kept on a device before the server sent null for "unknown" hold these English labels.
const LEGACY_UNKNOWN = new Set(['Unknown browser', 'Unknown system']);

/**
 * A device's browser and system in the user's language: product names as they are ("Chrome",
 * "Android"), "unknown" worded here (the server sends null: it has no catalogs).
 */
export function deviceName(device: { browser: string | null; os: string | null }): {
  browser: string;
  os: string;
} {
  const known = (name: string | null) => (name === null || LEGACY_UNKNOWN.has(name) ? null : name);
  return {
    browser: known(device.browser) ?? i18n._(msg`Unknown browser`),
    os: known(device.os) ?? i18n._(msg`Unknown system`),
  };
}

/** A country code ("NL") named in the user's language ("Nederland", "هولندا"); the code if unnamed. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames([i18n.locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}
