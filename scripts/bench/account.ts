import type { APIRequestContext, Browser } from 'playwright-core';

/**
 * Registers a fresh user in a browser context of its own and answers its signed-in storage state
 * (for the runs' contexts) and, while the context is open, its request API (`use`).
 */
export async function registered(
  browser: Browser,
  base: string,
  prefix: string,
  use: (request: APIRequestContext) => Promise<void> = async () => {},
) {
  const context = await browser.newContext();
  try {
    const name = `${prefix}${Date.now().toString(36)}`;
    const reg = await context.request.post(`${base}/api/register`, {
      headers: { Origin: base },
      data: { username: name, password: 'secret123', email: `${name}@example.com` },
    });
    if (!reg.ok()) throw new Error(`register: ${reg.status()} ${await reg.text()}`);
    await use(context.request);
    return await context.storageState();
  } finally {
    await context.close();
  }
}
