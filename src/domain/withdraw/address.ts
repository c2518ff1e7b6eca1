import { isValidClassicAddress, isValidXAddress, xAddressToClassicAddress } from 'ripple-address-codec';
import { fail, ok, type Result } from '../result.ts';
import { asciiDigits } from '../i18n/digits.ts';

/** Why an entered withdrawal address is refused (docs/product-rules.md#api-conventions), named by error codes. */
export type AddressRefusal =
  | 'withdraw.address_required'
  | 'withdraw.address_length'
  | 'withdraw.address_invalid'
  | 'withdraw.tag_invalid';

/** A destination on the XRP Ledger: a classic address and the exchange's destination tag. */
export interface WithdrawDestination {
  address: string;
  tag: string;
}

/** The XRP Ledger's destination tag is an unsigned 32-bit integer. */
const MAX_TAG = 4_294_967_295;

/**
 * Checks an address and tag as entered: required; 26–100 characters; a classic address whose
 * checksum is valid, or an X-address, which is decoded into its classic address and tag; the tag
 * numeric, at most 50 characters and within the ledger's 32-bit range. An X-address that carries a
 * tag must not contradict the tag field.
 */
export function parseDestination(
  addressInput: string,
  tagInput: string,
): Result<WithdrawDestination, AddressRefusal> {
  const address = addressInput.trim();
  const tagText = asciiDigits(tagInput).trim();
  if (address === '') return fail('withdraw.address_required');
  if (address.length < 26 || address.length > 100) return fail('withdraw.address_length');

  let classic = address;
  let embeddedTag: number | false = false;
  if (isValidXAddress(address)) {
    const decoded = xAddressToClassicAddress(address);
    if (decoded.test) return fail('withdraw.address_invalid');
    classic = decoded.classicAddress;
    embeddedTag = decoded.tag;
  } else if (!isValidClassicAddress(address)) {
    return fail('withdraw.address_invalid');
  }

  const tag = tagText === '' && embeddedTag !== false ? String(embeddedTag) : tagText;
  if (!/^\d{1,50}$/.test(tag) || Number(tag) > MAX_TAG) return fail('withdraw.tag_invalid');
  const normalisedTag = String(Number(tag));
  if (embeddedTag !== false && String(embeddedTag) !== normalisedTag) return fail('withdraw.tag_invalid');
  return ok({ address: classic, tag: normalisedTag });
}

/**
 * Reads what an exchange's deposit QR code holds: a bare address or X-address, or a payment URI such as
 * `xrpl:rAddress?dt=123` / `ripple:rAddress?dt=123` / `rAddress?dt=123` (dt: the destination tag).
 * Null when it is not an XRP address at all; the tag is null when the code carries none.
 */
export function readAddressQr(raw: string): { address: string; tag: string | null } | null {
  const text = raw.trim().replace(/^(xrpl|ripple|xrp):(\/\/)?/i, '');
  const [address = '', query = ''] = text.split('?');
  if (!isValidClassicAddress(address) && !isValidXAddress(address)) return null;
  // The domain has no URL API (it runs everywhere): the one parameter read is `dt`.
  const tag = /(?:^|&)dt=(\d{1,10})(?:&|$)/.exec(query)?.[1] ?? null;
  return { address, tag };
}

/**
 * The destination tag a payment carries, read strictly from what was saved: digits only, within the
 * ledger's 32-bit range. Null for anything else — an empty tag is never sent as tag 0, which would
 * credit the exchange's shared account with no user attached.
 */
export function ledgerTag(saved: string): number | null {
  if (!/^\d{1,10}$/.test(saved)) return null;
  const tag = Number(saved);
  return tag <= MAX_TAG ? tag : null;
}
