/** The feedback feature's page, loaded on demand. */
export { FeedbackPage } from './components/FeedbackPage.tsx';
