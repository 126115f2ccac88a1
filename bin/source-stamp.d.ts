// Types of source-stamp.js, for the tests that import it.
export const ROOT: string;
export const DIST: string;
export const STAMP_NAME: string;
export function stampSources(root?: string): string;
export function buildIsFresh(root?: string): boolean;
