// Reading JSON of unknown shape (upstream answers, client bodies) without trusting it.
export type Obj = Record<string, unknown>;
export const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
export const str = (x: unknown): string => (typeof x === 'string' ? x : '');
export const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
