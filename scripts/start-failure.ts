/**
 * What `npm start` prints when it cannot start. A taken port (a second `npm start`, or another program on a default
 * port) is said in words, with the settings that move it; anything else is printed whole, stack included.
 */
export function describeStartFailure(error: unknown): string | unknown {
  const { code, address, port } = (error ?? {}) as { code?: unknown; address?: unknown; port?: unknown };
  if (code !== 'EADDRINUSE') return error;
  return (
    `Port ${String(port)} on ${String(address)} is in use by another program (is IFU Portal already running?). ` +
    'Stop it, or choose other ports with API_PORT, ADMIN_PORTAL_PORT and CUSTOMER_PORTAL_PORT (README, "Configuration").'
  );
}
