export * from './projection';
export * from './registry';
export * from './runner';
export * from './user-accounts/queries';
export * from './customer-list/queries';
