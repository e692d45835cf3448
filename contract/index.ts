export * from './codes.js';
export * from './rules.js';
export * from './paths.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './schemas/personal.js';
export * from './schemas/signIn.js';
