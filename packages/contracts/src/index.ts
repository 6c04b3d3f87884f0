export * from './enums';
export * from './errors';
export * from './health';
