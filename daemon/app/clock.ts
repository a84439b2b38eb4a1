/** Unix seconds; passed into services so tests can move time. */
export type Clock = () => number;
export const systemClock: Clock = () => Math.floor(Date.now() / 1000);
