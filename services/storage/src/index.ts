export * from './database/database';
export * from './database/migrations';
export * from './event-store/event-store';
export * from './event-store/hash-chain';
export * from './event-store/postgres-event-store';
export * from './storage';
export * from './notifications';
