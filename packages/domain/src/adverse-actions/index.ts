export * from './rules.js';
export * from './business-days.js';
export * from './items.js';
export * from './notices.js';
export * from './samples.js';
export * from './adjudication.js';
