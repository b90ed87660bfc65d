export * from './define-resource.ts';
export * from './derive/list-query.ts';
export * from './derive/to-zod.ts';
export * from './field-types.ts';
export * from './messages.ts';
