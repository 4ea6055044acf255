import { DEFAULT_PHONE_COUNTRY, toE164 } from '@sbc/api';
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import { useState } from 'react';

/**
 * Every country libphonenumber knows, with its calling code and English name, in order of its
 * code. This file is part of the sign-in and settings pages' chunks only, and so is the metadata.
 */
export const COUNTRIES = (() => {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return getCountries()
    .map((code) => ({ code, dial: `+${getCountryCallingCode(code)}`, name: names.of(code) ?? code }))
    .sort((a, b) => a.code.localeCompare(b.code));
})();

export const DEFAULT_COUNTRY = DEFAULT_PHONE_COUNTRY;

/**
 * The number typed with the chosen country, in E.164; '' for none. A number that is not valid
 * there goes as the country's code and the digits typed, so that validation names it (the
 * server would otherwise read bare digits as a US number). A number typed with its own '+' keeps
 * its own country.
 */
export function phoneValue(country: CountryCode, number: string): string {
  const typed = number.trim();
  if (!typed) return '';
  const valid = toE164(typed, country);
  if (valid) return valid;
  const digits = typed.replace(/[^\d+]/g, '');
  return digits.startsWith('+') ? digits : `+${getCountryCallingCode(country)}${digits}`;
}

/** A stored E.164 number split into its country (by its code and number) and national part. */
export function splitPhone(value: string | null | undefined): { country: CountryCode; national: string } {
  const number = value ? parsePhoneNumberFromString(value) : undefined;
  if (!number) return { country: DEFAULT_COUNTRY, national: value ?? '' };
  return { country: number.country ?? DEFAULT_COUNTRY, national: number.nationalNumber };
}

const INPUT =
  'h-10 rounded-md border border-slate-300 bg-white text-sm focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none aria-[invalid=true]:border-red-500';

/**
 * A phone input: a country selector (US by default) and the number. The form receives the value
 * in E.164 through a hidden input called `name` ('' when nothing is typed).
 */
export function PhoneInput({
  id,
  name = 'phone',
  label,
  defaultValue,
  error,
  optional,
}: {
  id: string;
  name?: string;
  label: string;
  defaultValue?: string | null;
  error?: string;
  optional?: boolean;
}) {
  const [initial] = useState(() => splitPhone(defaultValue));
  const [country, setCountry] = useState<CountryCode>(initial.country);
  const [number, setNumber] = useState(initial.national);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label} {optional && <span className="font-normal text-slate-400">(optional)</span>}
      </label>
      <div className="flex gap-2">
        <select
          aria-label="Country"
          value={country}
          onChange={(e) => setCountry(e.target.value as CountryCode)}
          className={`${INPUT} w-24 shrink-0 px-2`}
        >
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code} title={c.name}>
              {c.code} {c.dial}
            </option>
          ))}
        </select>
        <input
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          placeholder={country === 'US' || country === 'CA' ? '(415) 555-0123' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${INPUT} min-w-0 flex-1 px-3`}
        />
        <input type="hidden" name={name} value={phoneValue(country, number)} />
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
