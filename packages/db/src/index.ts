export * from './client.ts';
export * from './lock.ts';
export * from './migrate.ts';
export * from './schema/index.ts';
export * from './unavailable.ts';
