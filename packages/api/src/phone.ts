import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** The country a number typed without `+` belongs to unless one is chosen (docs/api.md §3). */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

/**
 * A phone number in E.164 (`+14155550123`), or null when it is not a valid number of its country
 * (libphonenumber's lengths per country). A number with `+` names its own country; one without is
 * read as a number of `country`.
 */
export function toE164(input: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const number = parsePhoneNumberFromString(input, country);
  return number?.isValid() ? number.number : null;
}
