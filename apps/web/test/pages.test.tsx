import { PAGES } from '@sbc/api';
import { expect, it } from 'vitest';
import { routes } from '../src/app/routes.tsx';

it('has every route among the pages the server answers with 200 (the others show not-found, 404)', () => {
  const paths = (routes[0].children ?? []).map((route) => route.path).filter((path) => path !== '*');
  expect(paths.length).toBeGreaterThan(5);
  expect(PAGES).toEqual(expect.arrayContaining(paths));
});
