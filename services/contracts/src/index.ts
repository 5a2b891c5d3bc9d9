export * from './common';
export * from './auth';
export * from './events/users';
export * from './users';
export * from './passwords';
export * from './countries';
export * from './customers';
export * from './events/customers';
