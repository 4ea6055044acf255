/** The learn feature's pages (lessons and puzzles), loaded on demand. */
export { CoursePage } from './components/CoursePage.tsx';
export { LearnPage } from './components/LearnPage.tsx';
