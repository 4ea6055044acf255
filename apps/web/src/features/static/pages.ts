/** The static pages, loaded on demand. */
export { AboutPage } from './components/AboutPage.tsx';
export { NotFoundPage } from './components/NotFoundPage.tsx';
export { PrivacyPage } from './components/PrivacyPage.tsx';
export { SponsorPage } from './components/SponsorPage.tsx';
export { SupportPage } from './components/SupportPage.tsx';
export { TermsPage } from './components/TermsPage.tsx';
