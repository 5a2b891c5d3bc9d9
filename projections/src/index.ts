export * from './projection';
export * from './registry';
export * from './runner';
export * from './user-accounts/projection';
export * from './user-accounts/queries';
export * from './customer-list/projection';
export * from './customer-list/queries';
