// The contract shared by daemon and console. Imports nothing but typebox (a test checks this); only schemas.ts
// imports it, so the console can import any other file without bundling TypeBox.
export * from './envelope.js';
export * from './paging.js';
export * from './roles.js';
export * from './quota-format.js';
export * from './setup.js';
export * from './status.js';
export * from './user.js';
export * from './user-admin.js';
export * from './account.js';
export * from './token.js';
export * from './redemption.js';
export * from './log.js';
export * from './orders.js';
export * from './agents.js';
export * from './topup.js';
export * from './content.js';
export * from './channel.js';
export * from './channel-types.js';
export * from './pricing.js';
export * from './schemas.js';
