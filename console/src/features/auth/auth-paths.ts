/**
 * Where a successful sign-in lands. Spec 1 §2 says /token; that page does not exist yet, so it is home until
 * then (change this one constant).
 */
export const POST_LOGIN_PATH = '/';
