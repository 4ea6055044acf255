import { toE164 } from '@sbc/api';
import { useState } from 'react';

/**
 * Countries offered by the phone input with their calling codes: a compact built-in list, the US
 * first (the default, docs/architecture.md §7). Codes shared by several countries (+1, +7)
 * resolve to the first country listed when a stored number is read back.
 */
export const COUNTRIES = [
  { code: 'US', dial: '+1', name: 'United States' },
  { code: 'CA', dial: '+1', name: 'Canada' },
  { code: 'GB', dial: '+44', name: 'United Kingdom' },
  { code: 'IE', dial: '+353', name: 'Ireland' },
  { code: 'IN', dial: '+91', name: 'India' },
  { code: 'PK', dial: '+92', name: 'Pakistan' },
  { code: 'BD', dial: '+880', name: 'Bangladesh' },
  { code: 'LK', dial: '+94', name: 'Sri Lanka' },
  { code: 'NP', dial: '+977', name: 'Nepal' },
  { code: 'AU', dial: '+61', name: 'Australia' },
  { code: 'NZ', dial: '+64', name: 'New Zealand' },
  { code: 'DE', dial: '+49', name: 'Germany' },
  { code: 'FR', dial: '+33', name: 'France' },
  { code: 'ES', dial: '+34', name: 'Spain' },
  { code: 'IT', dial: '+39', name: 'Italy' },
  { code: 'NL', dial: '+31', name: 'Netherlands' },
  { code: 'SE', dial: '+46', name: 'Sweden' },
  { code: 'NO', dial: '+47', name: 'Norway' },
  { code: 'PL', dial: '+48', name: 'Poland' },
  { code: 'RU', dial: '+7', name: 'Russia' },
  { code: 'UA', dial: '+380', name: 'Ukraine' },
  { code: 'TR', dial: '+90', name: 'Türkiye' },
  { code: 'AE', dial: '+971', name: 'United Arab Emirates' },
  { code: 'SA', dial: '+966', name: 'Saudi Arabia' },
  { code: 'IL', dial: '+972', name: 'Israel' },
  { code: 'EG', dial: '+20', name: 'Egypt' },
  { code: 'NG', dial: '+234', name: 'Nigeria' },
  { code: 'KE', dial: '+254', name: 'Kenya' },
  { code: 'ZA', dial: '+27', name: 'South Africa' },
  { code: 'BR', dial: '+55', name: 'Brazil' },
  { code: 'AR', dial: '+54', name: 'Argentina' },
  { code: 'MX', dial: '+52', name: 'Mexico' },
  { code: 'CN', dial: '+86', name: 'China' },
  { code: 'JP', dial: '+81', name: 'Japan' },
  { code: 'KR', dial: '+82', name: 'South Korea' },
  { code: 'SG', dial: '+65', name: 'Singapore' },
  { code: 'ID', dial: '+62', name: 'Indonesia' },
  { code: 'PH', dial: '+63', name: 'Philippines' },
  { code: 'VN', dial: '+84', name: 'Vietnam' },
] as const;

export const DEFAULT_COUNTRY = 'US';

/**
 * The number typed with the chosen country, in E.164; '' for none; the raw text when it cannot be
 * read (so that validation names it). Spaces, dashes, dots and brackets are ignored; a number typed
 * with its own '+' keeps its own country.
 */
export function phoneValue(country: string, number: string): string {
  const typed = number.trim().replace(/[\s().-]/g, '');
  if (!typed) return '';
  if (typed.startsWith('+')) return toE164(typed) ?? typed;
  const dial = COUNTRIES.find((c) => c.code === country)?.dial ?? '+1';
  return toE164(`${dial}${typed.replace(/^0+/, '')}`) ?? typed;
}

/** A stored E.164 number split into its country (the longest matching code) and national part. */
export function splitPhone(value: string | null | undefined): { country: string; national: string } {
  if (!value?.startsWith('+')) return { country: DEFAULT_COUNTRY, national: value ?? '' };
  const match = [...COUNTRIES]
    .sort((a, b) => b.dial.length - a.dial.length)
    .find((c) => value.startsWith(c.dial));
  if (!match) return { country: DEFAULT_COUNTRY, national: value };
  const first = COUNTRIES.find((c) => c.dial === match.dial) ?? match;
  return { country: first.code, national: value.slice(match.dial.length) };
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
  const [country, setCountry] = useState<string>(initial.country);
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
          onChange={(e) => setCountry(e.target.value)}
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
