export * from './documents.js';
export * from './faces.js';
export * from './people.js';
