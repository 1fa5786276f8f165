export * from './exhaustive.js';
export * from './checks/display-names.js';
export * from './checks/information-requirements.js';
export * from './checks/catalogue.js';
export * from './applications/state-machine.js';
export * from './enums/labels.js';
export * from './simulator/index.js';
export * from './scoring/index.js';
