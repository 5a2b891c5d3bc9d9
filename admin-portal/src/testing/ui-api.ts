import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

import '../../../test-support/provided-context';
import { addUserWithPassword, callApi, type HttpAnswer, logInReusingToken } from '../../../test-support/http-client';

/**
 * Arranging data for a route-level test over the real API, as a client written against the spec does: the same calls
 * the screens make, so what a test renders is what the product stored.
 */
export const uiApi = () => inject('uiApi');

export const call = (method: string, path: string, options: { body?: unknown; form?: FormData; token?: string; headers?: Record<string, string> } = {}): Promise<HttpAnswer> =>
  callApi(uiApi().url, method, path, options);

let adminSession: Promise<string> | undefined;
/**
 * A session of the first ADMIN, for arranging data: one per test process (each login of an ADMIN takes a second-factor
 * code, and the product takes each code once). No ui test logs it out.
 */
export const adminToken = () => {
  adminSession ??= logInReusingToken(uiApi().url, uiApi().adminEmail, uiApi().adminPassword).catch((error: unknown) => {
    adminSession = undefined;
    throw error;
  });
  return adminSession;
};

/** A unique suffix: tests share the one API process, so every name they create is their own. */
export const unique = () => randomBytes(4).toString('hex');

export interface Staff {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: 'ADMIN' | 'USER';
}

/** A new active staff member with a password of their own, added by the first ADMIN through Manage Users. */
export async function addStaff(role: 'ADMIN' | 'USER', name = role === 'ADMIN' ? 'Approver' : 'Author'): Promise<Staff> {
  const suffix = unique();
  const staff = { email: `${name.toLowerCase()}.${suffix}@example.com`, firstName: name, lastName: `Test${suffix}`, role, password: `ui ${suffix} correct horse battery` };
  const id = await addUserWithPassword(uiApi().url, await adminToken(), uiApi().dataDir, staff);
  return { id, ...staff };
}
