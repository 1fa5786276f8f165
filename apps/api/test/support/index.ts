/** `@svc/api/testing`: a real API over real HTTP on a real database, for the tests of this app and of apps/svc. */
export * from './api.js';
export * from './applications.js';
export * from './portal.js';
export * from './http.js';
