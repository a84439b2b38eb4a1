/** Where a successful sign-in lands (spec 1 §2: the token page). */
export const POST_LOGIN_PATH = '/token';
