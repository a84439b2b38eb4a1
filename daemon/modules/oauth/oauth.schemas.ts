// Query schemas of /api/oauth. Bounds only stop junk; missing values get readable messages in the handlers.
import { Type } from 'typebox';

const opt = (max: number) => Type.Optional(Type.String({ maxLength: max }));

export const StateQuerySchema = Type.Object({ aff: opt(64) });

export const CallbackQuerySchema = Type.Object({
  code: opt(1024),
  state: opt(320), // 32 random characters, and for a flow begun on an agent's domain "~" and that host
  error: opt(256),
  error_description: opt(1024),
});

export const CodeQuerySchema = Type.Object({ code: opt(256) });

/** WeChat sign-in: the code, and the invite code of the page (a sign-up joins its agent, design agents.md §1). */
export const WeChatLoginQuerySchema = Type.Object({ code: opt(256), aff: opt(64) });

export const EmailBindQuerySchema = Type.Object({ email: opt(255), code: opt(64) });

/** The Login Widget's fields; all of them are signed, so unknown ones are kept for the check. */
export const TelegramQuerySchema = Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 1024 }), { maxProperties: 32 });
