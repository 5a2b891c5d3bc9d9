/** `access-request-<id>`: someone on the login screen asked the administrators for access or activation. */
export type AccessRequestEvent = {
  type: 'AdministratorNotified';
  data: { requestId: string; email: string; reason: 'activate user' | 'activate email'; recipients: number };
};
export const accessRequestStreamId = (requestId: string) => `access-request-${requestId}`;
