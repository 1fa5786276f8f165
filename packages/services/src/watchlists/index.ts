export * from './import.js';
export * from './monitored-applicants.js';
export * from './record-hits.js';
export * from './recorded-hits.js';
export * from './rescreen.js';
