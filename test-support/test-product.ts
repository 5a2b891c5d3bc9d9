import { buildPortal, needsBuild, startPortalServer } from '../scripts/portal-server';
import { onFreePorts } from './free-port';
import { startTestApi, type TestApi } from './test-api';

export interface TestProduct {
  api: TestApi;
  adminUrl: string;
  customerUrl: string;
  dispose(): Promise<void>;
}

/**
 * The API and both portals as `npm start` runs them, on free ports over a fresh test schema; `env`: more of the API's
 * configuration (the manufacturer the eIFU pages name, for example).
 */
export async function startTestProduct(env: Record<string, string> = {}): Promise<TestProduct> {
  for (const portal of ['admin', 'customer'] as const) if (needsBuild(portal)) await buildPortal(portal);
  // The API names the portals' addresses and they name its: all three ports are picked first, and again if one was
  // taken before its server listened.
  const { api, admin, customer, adminUrl, customerUrl } = await onFreePorts(3, async ([adminPort, customerPort, apiPort]) => {
    const adminUrl = `http://127.0.0.1:${adminPort}`;
    const customerUrl = `http://127.0.0.1:${customerPort}`;
    // One public address of the API, as in production: the links it signs (file URLs, logos) name the origin the
    // portals call and their CSP allows, not `localhost` beside `127.0.0.1`.
    const api = await startTestApi({
      ...env,
      PUBLIC_ADMIN_URL: adminUrl,
      PUBLIC_CUSTOMER_URL: customerUrl,
      API_PORT: String(apiPort),
      PUBLIC_API_URL: `http://127.0.0.1:${apiPort}`,
    });
    let admin: Awaited<ReturnType<typeof startPortalServer>> | undefined;
    try {
      admin = await startPortalServer({ portal: 'admin', port: adminPort!, host: '127.0.0.1', apiUrl: api.url });
      const customer = await startPortalServer({ portal: 'customer', port: customerPort!, host: '127.0.0.1', apiUrl: api.url });
      return { api, admin, customer, adminUrl, customerUrl };
    } catch (error) {
      await admin?.close();
      await api.dispose();
      throw error;
    }
  });
  return {
    api,
    adminUrl,
    customerUrl,
    async dispose() {
      await admin.close();
      await customer.close();
      await api.dispose();
    },
  };
}
