/**
 * The digit sets a phone keyboard may type instead of 0-9: Arabic-Indic (٠-٩), Persian (۰-۹) and
 * full-width (０-９, from Chinese and Japanese keyboards). Each set's zero ends in 0 in hex, so the
 * last hex digit of a code point is its value.
 */
const LOCAL_DIGITS = /[\u0660-\u0669\u06F0-\u06F9\uFF10-\uFF19]/g;

/**
 * A number typed on any keyboard as the ASCII digits the server checks: an Arabic keyboard types
 * "١٢٣٤٥٦" for the code 123456, which is the same number and must not be refused (or, for a one-time
 * code, count as a wrong try).
 */
export function asciiDigits(text: string): string {
  return text.replace(LOCAL_DIGITS, (digit) => String((digit.codePointAt(0) ?? 0) & 0xf));
}
