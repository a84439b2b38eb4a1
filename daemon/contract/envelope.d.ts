export interface Envelope<T = unknown> {
    success: boolean;
    message: string;
    data?: T;
}
export declare const ok: <T>(data?: T, message?: string) => Envelope<T>;
export declare const fail: (message: string) => Envelope<never>;
/** Header the console sends with the signed-in user's id (reference §2.2); proxies must not mix users. */
export declare const USER_ID_HEADER = "New-Api-User";
