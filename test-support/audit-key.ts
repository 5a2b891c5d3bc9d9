/** The audit key every test's event store keys its hash chain with (the product reads AUDIT_KEY or its data dir). */
export const TEST_AUDIT_KEY = 'test-audit-key-0123456789abcdef-0123456789abcdef';
