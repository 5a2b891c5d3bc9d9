/** Screen timings of spec §9, named once. */
export const TIMINGS = {
  /** Manage User: toasts of add, update and deactivate. */
  userScreenMessageMs: 2_000,
  /** Change Password: how long an error stays. */
  changePasswordErrorMs: 7_000,
  /** Reset Password: after success, go to /login. */
  setPasswordRedirectMs: 4_000,
  /** Reset Password: error messages vanish. */
  setPasswordErrorMs: 6_000,
  /** Reset Password: every message is cleared. */
  setPasswordClearAllMs: 10_000,
  /** Manage Notification: a notice chosen for editing opens, and a saved one goes back to the list, after 1 second. */
  notificationRedirectMs: 1_000,
} as const;
