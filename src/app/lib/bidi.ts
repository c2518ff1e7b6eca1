import { formatXrp } from './format.ts';

// Plain-text twins of components/isolate.tsx, for strings that cannot hold an element (toasts,
// attributes): the Unicode isolates do what <bdi> does.
const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';

/** A left-to-right fragment (number, code, address) kept whole inside text of either direction. */
export function ltrText(text: string): string {
  return `${LRI}${text}${PDI}`;
}

/** Text formatted for the locale (a date), kept whole and in its own direction. */
export function isolatedText(text: string): string {
  return `${FSI}${text}${PDI}`;
}

/** An amount of XRP with its sign and unit as one left-to-right fragment ("+2 XRP"). */
export function xrpText(amount: string, sign: '' | '+' | '−' = ''): string {
  return ltrText(`${sign}${formatXrp(amount)} XRP`);
}
