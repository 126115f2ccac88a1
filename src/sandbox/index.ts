// The sandbox's public entry: production code and the CLI reach the built-in service only through here.
export * from './start-sandbox.ts';
