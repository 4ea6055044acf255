/**
 * Addresses the static text links to. The external ones can be set at build time (Vite env
 * variables); the defaults are the product's public addresses.
 */
const env = import.meta.env;

export const PRODUCT = 'Shared Box Chess';
export const CONTACT_EMAIL: string = env.VITE_CONTACT_EMAIL ?? 'support@sharedboxchess.com';
export const PRIVACY_EMAIL: string = env.VITE_PRIVACY_EMAIL ?? 'privacy@sharedboxchess.com';
export const RULES_BOOK_URL: string =
  env.VITE_RULES_BOOK_URL ?? 'https://www.amazon.com/s?k=Shared+Box+Chess+rules';
export const SPONSOR_INTERNATIONAL_URL: string =
  env.VITE_SPONSOR_INTERNATIONAL_URL ?? 'https://www.buymeacoffee.com/sharedboxchess';
export const SPONSOR_UPI_URL: string = env.VITE_SPONSOR_UPI_URL ?? 'https://razorpay.me/@sharedboxchess';
export const LEGAL_UPDATED = 'September 13, 2025';
