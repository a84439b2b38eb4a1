// Order numbers as new-api makes them (reference §8.2): `USR<uid>NO<6 random alphanumerics><unix seconds>`, the
// random part from the CSPRNG, so a number cannot be guessed from the user id and the time.
import { randomAlnum } from '../../app/random.js';

export const newTradeNo = (userId: number, nowSeconds: number): string => `USR${userId}NO${randomAlnum(6)}${nowSeconds}`;
