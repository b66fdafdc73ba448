export * from './errors.ts';
export * from './json.ts';
export * from './lazada.ts';
export * from './push.ts';
export * from './refresh.ts';
export * from './shopee.ts';
export * from './sign.ts';
