import { describe, expect, it } from 'vitest';

import { NETWORK_ERROR_MESSAGE, networkErrorMessage } from './network-error';

describe('the message of a call that never reached the server', () => {
  it('when the portal was opened at 127.0.0.1 and the API is configured at localhost, then it says where to open the portal', () => {
    expect(networkErrorMessage('http://127.0.0.1:3000/login', 'http://localhost:8080')).toBe(
      'Network Error: the server did not answer the portal at 127.0.0.1:3000. Open the portal at http://localhost:3000/login (the address it is configured for).',
    );
    expect(networkErrorMessage('http://localhost:3000/document/list?tab=all', 'http://127.0.0.1:8080')).toContain(
      'Open the portal at http://127.0.0.1:3000/document/list',
    );
  });

  it('when the portal and the API share their host name, or either is not a loopback name, then it is the spec text only', () => {
    expect(networkErrorMessage('http://localhost:3000/login', 'http://localhost:8080')).toBe(NETWORK_ERROR_MESSAGE);
    expect(networkErrorMessage('https://admin.example.com/login', 'https://api.example.com')).toBe(NETWORK_ERROR_MESSAGE);
    expect(networkErrorMessage('http://10.0.0.5:3000/login', 'http://localhost:8080')).toBe(NETWORK_ERROR_MESSAGE);
    expect(networkErrorMessage('not a url', 'http://localhost:8080')).toBe(NETWORK_ERROR_MESSAGE);
  });
});
