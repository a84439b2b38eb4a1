// The shape of every /api answer: {success, message, data}. Shared by daemon and console.

export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
}

export const ok = <T>(data?: T, message = ''): Envelope<T> =>
  data === undefined ? { success: true, message } : { success: true, message, data };
export const fail = (message: string): Envelope<never> => ({ success: false, message });

/** Header the console sends with the signed-in user's id (reference §2.2); proxies must not mix users. */
export const USER_ID_HEADER = 'New-Api-User';
