export * from './requirements.js';
export * from './form.js';
export * from './validation.js';
export * from './messages.js';
export * from './error-messages.js';
export * from './countries.js';
export * from './html.js';
export * from './invitation-messages.js';
