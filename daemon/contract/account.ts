// Registration, e-mail codes and password reset on the wire (spec 1 §7 "Sign-in and registration", reference §7.1,
// §7.6). Shared by the daemon and the console.

/** POST /api/user/register?turnstile={t} */
export interface RegisterRequest {
  username: string;
  password: string;
  /** The confirmation; when sent it must equal `password`. */
  password2?: string;
  /** Required (with the code) when EmailVerificationEnabled is on. */
  email?: string;
  verification_code?: string;
  /** The inviter's affiliate code (from ?aff=, kept in localStorage). */
  aff_code?: string;
}

/** POST /api/user/reset: the e-mail and token from the reset link. The answer's data is the new password. */
export interface PasswordResetConfirmRequest {
  email: string;
  token: string;
}

/** Seconds the console's 'send code' button waits before it can be used again (spec 1 §9). */
export const CODE_RESEND_SECONDS = 30;
/** Digits of an e-mail verification code. */
export const VERIFICATION_CODE_LENGTH = 6;
/** Minutes an e-mail code or a reset link stays valid (reference §7.6 VerificationValidMinutes). */
export const VERIFICATION_VALID_MINUTES = 10;
/** Longest e-mail address accepted (reference §7.1). */
export const EMAIL_MAX = 50;
/** Length of the random password a reset sets (reference §7.6). */
export const RESET_PASSWORD_LENGTH = 12;
/** The console page a reset link opens (spec 1 §2: /reset is the link target). */
export const RESET_CONFIRM_PATH = '/reset';
