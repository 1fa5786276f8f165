export * from './routing.js';
export * from './adapter.js';
