export * from './auth.ts';
export * from './errors.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './realtime.ts';
export * from './shops.ts';
