import { MaintenanceResponse } from '@sbc/api';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

it('tells anyone, signed in or not, whether maintenance is on and its message (the banner)', async () => {
  const visitor = server.agent();
  const off = await visitor.get('/api/maintenance');
  expect(off.status).toBe(200);
  expect(MaintenanceResponse.parse(off.body)).toEqual({
    maintenanceMode: false,
    message: 'System is under maintenance. Please try again later.',
  });
  const admin = await server.signedIn({ isAdmin: true });
  expect(
    (await admin.post('/api/admin/maintenance', { enabled: true, message: 'Back at noon.' })).status,
  ).toBe(200);
  expect((await visitor.get('/api/maintenance')).body).toEqual({
    maintenanceMode: true,
    message: 'Back at noon.',
  });
});
